/**
 * The built storefront (webpack's ./dist) from the same process as the API, through
 * @fastify/static:
 * - the brotli (.br) or gzip (.gz) twin the build wrote beside a file, when the browser
 *   takes it (Accept-Encoding, br before gzip, q=0 honoured), with Content-Encoding and
 *   Vary: Accept-Encoding; the file itself otherwise;
 * - hashed files under /assets/ cached for a year, everything else (the page, the service
 *   worker, the manifest, icons) revalidated each time;
 * - ETag and Last-Modified with 304s, HEAD, and byte ranges;
 * - every other GET that names no file (no extension) answered with index.html, so the
 *   app's own routes work on reload (with 404 where the app shows its not-found page, and a
 *   301 to the app's own spelling of a page's address); a missing file is a plain 404, never
 *   the page;
 * - the page itself (/, /index.html and those routes) passed through `renderPage`, since it
 *   differs by URL (a shared product's preview tags): compressed here, once per distinct
 *   page, with an ETag of its content, so a revalidation is still a 304. A page rendered for
 *   one signed-in shopper is private: sent `Cache-Control: private, no-store`, with no ETag,
 *   and neither kept here nor by any cache on the way;
 * - source maps (*.map) kept out of reach unless `serveSourceMaps` is on: they are in dist/
 *   for reading error reports, and would show shoppers the whole source;
 * - dotfiles, paths that climb out of dist/ and non-canonical spellings refused.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The type table @fastify/static answers from (mime 3, inside @fastify/send) still says
// application/javascript, which RFC 9239 made obsolete for text/javascript.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A private page is compressed for each request it answers: brotli's quality 5 is a few
 * milliseconds for a page of 40-60 KB, against a couple of hundred at the default 11 that a
 * page compressed once and kept can afford.
 */
const PRIVATE_PAGE_BROTLI_QUALITY = 5;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ibadan Market</title></head>
<body>
<h1>The storefront is not built yet</h1>
<p>Run <code>npm run build</code>, then reload this page. The API is already running under /api.</p>
</body>
</html>
`;

export interface StaticSiteOptions {
  distDir: string;
  isApiPath: (url: string) => boolean;
  /** Answer *.map requests (SERVE_SOURCE_MAPS); off, they are 404. */
  serveSourceMaps: boolean;
  /** The answer for what is neither a file of the site nor one of the app's routes. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Where a page's address should be moved (301) instead, e.g. a shared link spelled in
   * capitals; null to answer it.
   */
  pageRedirect?: (url: string) => string | null;
  /** The page's status: 404 where the app shows its not-found page. Unset, always 200. */
  pageStatus?: (url: string) => Promise<200 | 404>;
  /** index.html as this request's URL should have it; unset, the file as it is. */
  renderPage?: (html: string, request: FastifyRequest) => Promise<string | PrivatePage>;
}

/** A page holding one shopper's own data (their cart, their name). */
export interface PrivatePage {
  privateHtml: string;
}

/** One rendered page, in each encoding, with its ETag. */
interface RenderedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Distinct pages kept compressed: the shop's default, and the products shared most lately. */
const RENDERED_PAGES_KEPT = 500;

/**
 * br or gzip, whichever the client rates higher (brotli on a tie), or null for neither:
 * the same choice @fastify/static makes for the build's twins.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (token === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(token, Number.isFinite(value) ? value : 0);
  }
  const rate = (name: string) => quality.get(name) ?? quality.get('*') ?? 0;
  const br = rate('br');
  const gzip = rate('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** The If-None-Match list names this ETag (weak comparison, as for a GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');

/** The last segment of the path names a file (has an extension), so it is not an app route. */
const namesAFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');

/**
 * Registers the site's files (GET and HEAD of /*) and the not-found handler that falls back
 * to index.html for the app's routes; API paths and everything else go to `notFound`.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  options: StaticSiteOptions,
): Promise<void> {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  const renderPage = options.renderPage ?? (async (html: string) => html);
  const isPage = (pathname: string) => pathname === '/' || pathname === '/index.html';

  // index.html is read again only when the build changes it.
  let template: { stamp: string; html: string } | null = null;
  async function readTemplate(): Promise<string | null> {
    let stats;
    try {
      stats = await fs.stat(indexFile);
    } catch {
      return null;
    }
    if (!stats.isFile()) return null;
    const stamp = `${stats.mtimeMs}:${stats.size}`;
    if (template?.stamp !== stamp) {
      template = { stamp, html: await fs.readFile(indexFile, 'utf8') };
      rendered.clear();
    }
    return template.html;
  }

  // Keyed by the page's text: two URLs that render alike share one entry.
  const rendered = new Map<string, RenderedPage>();
  function compressed(html: string): RenderedPage {
    const kept = rendered.get(html);
    if (kept) {
      // Most lately used last, so the oldest is the first to go.
      rendered.delete(html);
      rendered.set(html, kept);
      return kept;
    }
    const identity = Buffer.from(html);
    const page: RenderedPage = {
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
    };
    rendered.set(html, page);
    if (rendered.size > RENDERED_PAGES_KEPT) {
      const oldest = rendered.keys().next();
      if (!oldest.done) rendered.delete(oldest.value);
    }
    return page;
  }

  function sendPrivatePage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    status: number,
  ): FastifyReply {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const identity = Buffer.from(html);
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(identity, {
            params: {
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              [zlib.constants.BROTLI_PARAM_QUALITY]: PRIVATE_PAGE_BROTLI_QUALITY,
            },
          })
        : encoding === 'gzip'
          ? zlib.gzipSync(identity, { level: 6 })
          : identity;
    void reply
      .code(status)
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8')
      .header('Content-Length', body.length);
    if (encoding) void reply.header('Content-Encoding', encoding);
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await readTemplate();
    if (html === null) {
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    const [made, status] = await Promise.all([
      renderPage(html, request),
      options.pageStatus?.(request.url) ?? 200,
    ]);
    if (typeof made !== 'string') return sendPrivatePage(request, reply, made.privateHtml, status);
    const page = compressed(made);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    void reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    // A not-found page is the app's own, but never revalidated as if it were the page asked for.
    if (status === 200) {
      void reply.header('ETag', page.etag);
      if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    }
    const body = encoding ? page[encoding] : page.identity;
    if (encoding) void reply.header('Content-Encoding', encoding);
    void reply.code(status).header('Content-Length', body.length);
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }

  await app.register(fastifyStatic, {
    root: distDir,
    // Files are looked up per request, so a build made while the server runs is served.
    wildcard: true,
    preCompressed: true,
    // send's 404 for dotfiles; the files' own headers below replace its Cache-Control.
    dotfiles: 'ignore',
    cacheControl: false,
    index: ['index.html'],
    // An unbuilt dist/ is expected on a fresh clone: the page below says what to do.
    suppressWarning: true,
    // The page is rendered per request (below), never sent as the file.
    allowedPath: (pathname) =>
      !isPage(pathname) &&
      !options.isApiPath(pathname) &&
      (options.serveSourceMaps || !isSourceMap(pathname)),
    setHeaders: (reply, file) => {
      const relative = path.relative(distDir, file).split(path.sep).join('/');
      reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || options.isApiPath(request.url)) return options.notFound(request, reply);
    if (isPage(pathname) || !namesAFile(pathname)) {
      const moved = options.pageRedirect?.(request.url) ?? null;
      if (moved !== null) return reply.redirect(moved, 301);
      return sendPage(request, reply);
    }
    // A missing file (a stale hashed asset, say) must not come back as the page with a 200.
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
