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
 *   app's own routes work on reload; a missing file is a plain 404, never the page;
 * - source maps (*.map) kept out of reach unless `serveSourceMaps` is on: they are in dist/
 *   for reading error reports, and would show shoppers the whole source;
 * - dotfiles, paths that climb out of dist/ and non-canonical spellings refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The type table @fastify/static answers from (mime 3, inside @fastify/send) still says
// application/javascript, which RFC 9239 made obsolete for text/javascript.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
}

const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');

/** The last segment of the path names a file (has an extension), so it is not an app route. */
const namesAFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

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
    allowedPath: (pathname) =>
      !options.isApiPath(pathname) && (options.serveSourceMaps || !isSourceMap(pathname)),
    setHeaders: (reply, file) => {
      const relative = path.relative(distDir, file).split(path.sep).join('/');
      reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || options.isApiPath(request.url)) return options.notFound(request, reply);
    // A missing file (a stale hashed asset, say) must not come back as the page with a 200.
    if (namesAFile(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!(await isFile(indexFile))) {
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    return reply.code(200).sendFile('index.html');
  });
}
