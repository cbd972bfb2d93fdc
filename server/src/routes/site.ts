/**
 * What search engines read besides the pages: /sitemap.xml (every product by the address the
 * shop shares, every category as the shop links it, the content pages), /robots.txt naming
 * it, and the status and address of each page the server answers: 404 for an address the app
 * shows its not-found page at (an unknown path, a product that does not exist), and one
 * address per page (a shared link spelled in capitals or with a trailing slash is sent on to
 * the shop's own spelling, so the page is rendered, previewed and counted as one).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PRODUCT_PAGE_PATH, PRODUCT_SLUG_PARAM, productDetailsPath } from '../../../contract/links';
import { routeManifest } from '../../../src/app/routeManifest';
import type { AppContext, RoutePlugin } from '../context';
import type { Queryable } from '../db/client';
import { catalogueVersion } from '../db/products';
import { routeChunkGroups } from '../earlyData';
import { cachedProduct } from '../preview';
import { chooseEncoding } from './static';

/**
 * The pages a search engine should know besides products and categories: those the route
 * manifest lists in the sitemap (src/app/routeManifest.ts: the shop, its home page, vendors,
 * FAQ, contact, policies).
 */
const CONTENT_PAGES = routeManifest.filter((route) => route.sitemap).map((route) => route.path);
/** The shop's listing, where a category is a query parameter (src/features/shop/listingParams.ts). */
const SHOP_PATH = '/shop';
const CATEGORY_PARAM = 'category';
/** The slugs the product page asks the server for (src/features/product/ProductDetailPage.tsx). */
const SLUG_PATTERN = /^[a-z0-9-]{1,200}$/;
/** A sitemap holds at most 50,000 addresses (sitemaps.org); more are split, with an index. */
const SITEMAP_MAX_URLS = 50_000;
/** A sitemap of a large catalogue is megabytes: compressed once per version, but not slowly. */
const SITEMAP_BROTLI_QUALITY = 6;

/** The path without trailing slashes ('/' stays). */
const trimmed = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** One of the app's own routes (src/app/routeManifest.ts, through server/src/earlyData.ts). */
function isAppRoute(pathname: string): boolean {
  return pathname === '/index.html' || routeChunkGroups(pathname).length > 0;
}

/**
 * Where a page's address should go instead, or null when it is spelled as the shop spells
 * it. The app matches paths whatever their case and trailing slash, and reads a product's slug
 * trimmed and in lower case, so a link typed or shared another way shows the same page: it is
 * moved (301) to the one address, with the rest of its query kept.
 */
export function pageRedirect(url: string): string | null {
  const [pathname = '/', search = ''] = url.split(/\?(.*)/s);
  const route = trimmed(pathname).toLowerCase();
  if (!isAppRoute(route)) return null;
  const query = new URLSearchParams(search);
  let moved = route !== pathname;
  if (route === PRODUCT_PAGE_PATH) {
    const slug = query.get(PRODUCT_SLUG_PARAM);
    const spelled = slug?.trim().toLowerCase();
    if (slug !== null && spelled !== undefined && spelled !== slug) {
      query.set(PRODUCT_SLUG_PARAM, spelled);
      moved = true;
    }
  }
  if (!moved) return null;
  const rest = query.toString();
  return rest === '' ? route : `${route}?${rest}`;
}

/** 200 for a page the app shows, 404 where it shows its not-found page. */
export async function pageStatus(db: Queryable, url: string): Promise<200 | 404> {
  const [pathname = '/', search = ''] = url.split(/\?(.*)/s);
  const route = trimmed(pathname).toLowerCase();
  if (!isAppRoute(route)) return 404;
  if (route === PRODUCT_PAGE_PATH) {
    const slug = new URLSearchParams(search).get(PRODUCT_SLUG_PARAM)?.trim().toLowerCase();
    // Without a slug the page asks the shopper to pick a product; with one, it shows it or
    // says it is not there.
    if (slug === undefined || slug === '') return 200;
    // An archived product's page says it is no longer sold: not a page to index.
    const product = SLUG_PATTERN.test(slug) ? await cachedProduct(db, slug) : null;
    if (!product || product.archivedAt !== null) return 404;
  }
  return 200;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

function urlset(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

function sitemapIndex(urls: readonly string[]): string {
  const entries = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** Every address of the sitemap, absolute on `origin`: content pages, categories, products. */
async function sitemapUrls(db: Queryable, origin: string): Promise<string[]> {
  const [categories, products] = await Promise.all([
    db.query<{ category: string }>(
      'SELECT category FROM products WHERE archived_at IS NULL GROUP BY category ORDER BY min(id)',
    ),
    db.query<{ slug: string }>('SELECT slug FROM products WHERE archived_at IS NULL ORDER BY id'),
  ]);
  return [
    ...CONTENT_PAGES.map((page) => `${origin}${page}`),
    ...categories.map(
      (c) => `${origin}${SHOP_PATH}?${new URLSearchParams({ [CATEGORY_PARAM]: c.category })}`,
    ),
    ...products.map((p) => `${origin}${productDetailsPath(p.slug)}`),
  ];
}

interface SitemapFile {
  xml: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The sitemap's files for the catalogue as it is: one, or an index and its parts when the
 * shop has more addresses than a sitemap may hold. Made again only when the catalogue
 * version changes (any product or vendor change bumps it).
 */
export function sitemapFiles(
  ctx: Pick<AppContext, 'db' | 'publicUrl'>,
  maxUrls = SITEMAP_MAX_URLS,
) {
  let kept: { version: number; origin: string; files: Promise<SitemapFile[]> } | null = null;
  const file = (xml: string): SitemapFile => {
    const body = Buffer.from(xml);
    return {
      xml: body,
      br: zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_QUALITY]: SITEMAP_BROTLI_QUALITY,
        },
      }),
      gzip: zlib.gzipSync(body, { level: 9 }),
    };
  };
  async function make(origin: string): Promise<SitemapFile[]> {
    const urls = await sitemapUrls(ctx.db, origin);
    if (urls.length <= maxUrls) return [file(urlset(urls))];
    const parts: string[][] = [];
    for (let i = 0; i < urls.length; i += maxUrls) {
      parts.push(urls.slice(i, i + maxUrls));
    }
    const index = sitemapIndex(parts.map((_, i) => `${origin}/sitemap.xml?page=${i + 1}`));
    return [file(index), ...parts.map((part) => file(urlset(part)))];
  }
  return async (): Promise<SitemapFile[]> => {
    const version = await catalogueVersion(ctx.db);
    const origin = ctx.publicUrl();
    if (!kept || kept.version !== version || kept.origin !== origin) {
      const files = make(origin);
      kept = { version, origin, files };
      files.catch(() => {
        if (kept?.files === files) kept = null;
      });
    }
    return kept.files;
  };
}

/** A sitemap file in the encoding the client takes (the XML, not JSON: no serializer). */
function sendSitemap(request: FastifyRequest, reply: FastifyReply, file: SitemapFile) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  void reply
    .type('application/xml; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (encoding) void reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? file[encoding] : file.xml);
}

/** robots.txt's `Sitemap:` line as written in public/robots.txt: a path, made absolute here. */
const SITEMAP_LINE = /^Sitemap:[ \t]*(\/\S*)[ \t]*$/gim;

const siteRoutes: RoutePlugin = async (app, { ctx }) => {
  const sitemap = sitemapFiles(ctx);

  app.get(
    '/sitemap.xml',
    {
      schema: {
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })) }),
        response: { 200: Type.String(), 404: Type.Object({ detail: Type.String() }) },
      },
    },
    async (request, reply) => {
      const files = await sitemap();
      const page = request.query.page ?? 0;
      // ?page=N names a part only when the sitemap is split.
      const found = files.length > 1 || page === 0 ? files[page] : undefined;
      if (!found) {
        return reply.code(404).send({ detail: 'This sitemap has no such page' });
      }
      return sendSitemap(request, reply, found);
    },
  );

  app.get(
    '/robots.txt',
    { schema: { response: { 200: Type.String(), 404: Type.String() } } },
    async (_request, reply) => {
      let text: string;
      try {
        text = await fs.readFile(path.join(ctx.config.distDir, 'robots.txt'), 'utf8');
      } catch {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const origin = ctx.publicUrl();
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(text.replace(SITEMAP_LINE, (_line, at: string) => `Sitemap: ${origin}${at}`));
    },
  );
};

export default siteRoutes;
