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
 *   differs by URL (a shared product's preview tags). A visitor's page is kept under the key
 *   `pageKey` gives it (server/src/pageCache.ts), with its compressed forms and an ETag of
 *   its content, so the next request for it is answered from memory and a revalidation is
 *   still a 304. A page rendered for one signed-in shopper is private: sent
 *   `Cache-Control: private, no-store`, with no ETag, and neither kept here nor by any cache
 *   on the way;
 * - pages counted per address by `pageLimit` (files and the API are not): past it, a short
 *   page in words with 429 and Retry-After;
 * - source maps (*.map) kept out of reach unless `serveSourceMaps` is on: they are in dist/
 *   for reading error reports, and would show shoppers the whole source;
 * - dotfiles, paths that climb out of dist/ and non-canonical spellings refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { waitText } from '../plugins/errors';
import { createPageCache, keptPage, type KeptPage } from '../pageCache';

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

/** Said to an address that asked for more pages than PAGE_LIMIT allows. */
function tooManyPagesPage(seconds: number): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ibadan Market</title></head>
<body>
<h1>Too many pages at once</h1>
<p>So many pages were asked for from your connection that the shop is pausing it for a moment. Please wait ${waitText(seconds)}, then reload the page.</p>
</body>
</html>
`;
}

/** Visitors' pages kept, and the bytes they may take with their compressed forms. */
const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 24 * 1024 * 1024 };

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
  /** index.html as this request's URL should have it; unset, the file as it is. */
  renderPage?: (
    html: string,
    request: FastifyRequest,
  ) => Promise<string | PublicPage | PrivatePage>;
  /**
   * What a visitor's page is kept under: the generation it belongs to (what, when it changes,
   * makes every older page stale) and its key within it; null for a request whose page must
   * not be kept or served from memory (one that may be a signed-in shopper's). Unset, no page
   * is kept.
   */
  pageKey?: (request: FastifyRequest) => Promise<{ generation: string; key: string } | null>;
  /** Counts a page request; the seconds to wait when the address has had its pages, else null. */
  pageLimit?: (request: FastifyRequest) => Promise<number | null>;
  pageCacheLimits?: { maxEntries: number; maxBytes: number };
  /** Told of each visitor's page answered from memory (hit) or made for the cache (miss). */
  countPage?: (outcome: 'hit' | 'miss') => void;
  /**
   * Pages answered as pages straight away: every other address is first looked for among the
   * files (a directory read and a few stats) before it falls back to the page.
   */
  pagePaths?: readonly string[];
}

/** A page for anyone. */
export interface PublicPage {
  html: string;
  /** 200 unless said. */
  status?: number;
  /** false for an outcome of the moment (a render given up): made again for the next request. */
  keep?: boolean;
}

/** A page holding one shopper's own data (their cart, their name). */
export interface PrivatePage {
  privateHtml: string;
  /** 200 unless said. */
  status?: number;
}

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
  async function readTemplate(): Promise<{ stamp: string; html: string } | null> {
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
    }
    return template;
  }

  const cache = createPageCache(options.pageCacheLimits ?? PAGE_CACHE_LIMITS);
  // Visitors asking for a page being made wait for it instead of making it again.
  const making = new Map<string, Promise<KeptPage | null>>();

  /** Compressed for this one request, quickly: see PRIVATE_PAGE_BROTLI_QUALITY. */
  function compressOnce(identity: Buffer, encoding: 'br' | 'gzip' | null): Buffer {
    if (encoding === 'br') {
      return zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_QUALITY]: PRIVATE_PAGE_BROTLI_QUALITY,
        },
      });
    }
    return encoding === 'gzip' ? zlib.gzipSync(identity, { level: 6 }) : identity;
  }

  function sendPrivatePage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    status: number,
  ): FastifyReply {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = compressOnce(Buffer.from(html), encoding);
    void reply
      .code(status)
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8')
      .header('Content-Length', body.length);
    if (encoding) void reply.header('Content-Encoding', encoding);
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }

  async function sendPublicPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: KeptPage,
    kept: boolean,
  ): Promise<FastifyReply> {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    void reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    // A not-found page is the app's own, but never revalidated as if it were the page asked for.
    if (page.status === 200) {
      void reply.header('ETag', page.etag);
      if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    }
    const body = !encoding
      ? page.identity
      : kept
        ? await page.encoded(encoding)
        : compressOnce(page.identity, encoding);
    if (encoding) void reply.header('Content-Encoding', encoding);
    void reply.code(page.status).header('Content-Length', body.length);
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const moved = options.pageRedirect?.(request.url) ?? null;
    if (moved !== null) return reply.redirect(moved, 301);
    const waitSeconds = options.pageLimit ? await options.pageLimit(request) : null;
    if (waitSeconds !== null) {
      return reply
        .code(429)
        .header('Retry-After', String(Math.max(1, Math.ceil(waitSeconds))))
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(tooManyPagesPage(waitSeconds));
    }
    const site = await readTemplate();
    if (site === null) {
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    const keyed = options.pageKey ? await options.pageKey(request) : null;
    if (!keyed) return sendMade(request, reply, await renderPage(site.html, request));
    const generation = `${site.stamp} ${keyed.generation}`;
    const hit = cache.get(generation, keyed.key);
    if (hit) {
      options.countPage?.('hit');
      return sendPublicPage(request, reply, hit, true);
    }

    const slot = `${generation}\n${keyed.key}`;
    const joined = making.get(slot);
    if (joined) {
      const shared = await joined;
      return shared
        ? sendPublicPage(request, reply, shared, true)
        : sendMade(request, reply, await renderPage(site.html, request));
    }
    options.countPage?.('miss');
    const mine = renderPage(site.html, request);
    // Only a visitor's page is shared with those waiting, and kept unless it is of the moment.
    const shared = mine
      .then((made) => {
        if (typeof made !== 'string' && 'privateHtml' in made) return null;
        const {
          html,
          status = 200,
          keep = true,
        } = typeof made === 'string' ? { html: made } : made;
        return keep ? cache.put(generation, keyed.key, html, status) : null;
      })
      .finally(() => making.delete(slot));
    // A failure is answered to each request that waited; none is left unhandled.
    shared.catch(() => undefined);
    making.set(slot, shared);
    const made = await mine;
    const kept = await shared;
    return kept ? sendPublicPage(request, reply, kept, true) : sendMade(request, reply, made);
  }

  /** A page made for this request alone. */
  function sendMade(
    request: FastifyRequest,
    reply: FastifyReply,
    made: string | PublicPage | PrivatePage,
  ): Promise<FastifyReply> | FastifyReply {
    if (typeof made !== 'string' && 'privateHtml' in made) {
      return sendPrivatePage(request, reply, made.privateHtml, made.status ?? 200);
    }
    const { html, status = 200 } = typeof made === 'string' ? { html: made } : made;
    return sendPublicPage(request, reply, keptPage(html, status), false);
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

  for (const url of options.pagePaths ?? []) {
    if (url === '/') continue;
    // HEAD answered by sendPage itself, with the Content-Length a GET would have.
    app.route({
      method: ['GET', 'HEAD'],
      url,
      exposeHeadRoute: false,
      handler: (request, reply) => sendPage(request, reply),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || options.isApiPath(request.url)) return options.notFound(request, reply);
    if (isPage(pathname) || !namesAFile(pathname)) return sendPage(request, reply);
    // A missing file (a stale hashed asset, say) must not come back as the page with a 200.
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
