/**
 * The built storefront (webpack's ./dist) from the same process as the API: hashed files
 * under /assets/ cached for a year, everything else revalidated, and every other GET that
 * is not a file answered with index.html so the app's own routes work on reload.
 *
 * Served by this small handler rather than @fastify/static: that plugin requires
 * content-disposition 3, an ES-module-only package that the jest "server" project cannot
 * load, and the storefront needs only plain files.
 */
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from './product';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ibadan Market</title></head>
<body>
<h1>The storefront is not built yet</h1>
<p>Run <code>npm run build</code>, then reload this page. The API is already running under /api.</p>
</body>
</html>
`;

interface Found {
  file: string;
  stats: Stats;
  /** Path inside dist, with forward slashes. */
  relative: string;
}

async function statFile(file: string): Promise<Stats | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The file a URL path names inside dist, never outside it, never a dotfile. */
async function locate(distDir: string, urlPath: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = path.posix.normalize(decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  if (normalized.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(distDir, `.${normalized}`);
  if (!file.startsWith(distDir + path.sep)) return null;
  const stats = await statFile(file);
  if (!stats) return null;
  return { file, stats, relative: path.relative(distDir, file).split(path.sep).join('/') };
}

function cacheControl(relative: string): string {
  return relative.startsWith('assets/') ? IMMUTABLE : 'no-cache';
}

/** A .br or .gz twin written by the build, when the client takes it. */
async function precompressed(
  request: FastifyRequest,
  file: string,
): Promise<{ file: string; stats: Stats; encoding: string } | null> {
  const accept = String(request.headers['accept-encoding'] ?? '');
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accept)) continue;
    const stats = await statFile(file + suffix);
    if (stats) return { file: file + suffix, stats, encoding };
  }
  return null;
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, found: Found) {
  const etag = `W/"${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}"`;
  reply
    .header('Cache-Control', cacheControl(found.relative))
    .header('ETag', etag)
    .header('Last-Modified', found.stats.mtime.toUTCString())
    .header('Vary', 'Accept-Encoding')
    .type(TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream');
  const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
  const unchanged =
    request.headers['if-none-match'] !== undefined
      ? etagMatches(request, etag.replace(/^W\//, ''))
      : Number.isFinite(since) && Math.floor(found.stats.mtimeMs / 1000) * 1000 <= since;
  if (unchanged) return reply.code(304).send();
  const variant = await precompressed(request, found.file);
  const source = variant ?? found;
  if (variant) reply.header('Content-Encoding', variant.encoding);
  reply.header('Content-Length', String(source.stats.size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(source.file));
}

/** Registers GET /* for the storefront; API paths that match no route get the JSON 404. */
export async function registerStaticSite(
  app: FastifyInstance,
  options: { distDir: string; isApiPath: (url: string) => boolean },
): Promise<void> {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');

  app.get('/*', async (request, reply) => {
    if (options.isApiPath(request.url)) return reply.callNotFound();
    const urlPath = request.url.split('?')[0] ?? '/';
    const found = await locate(distDir, urlPath);
    if (found) return sendFile(request, reply, found);
    // A missing file (a stale hashed asset, say) must not come back as HTML with a 200.
    if (/\.[A-Za-z0-9]+$/.test(urlPath.split('/').pop() ?? '')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    const index = await statFile(indexFile);
    if (!index) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    return sendFile(request, reply, { file: indexFile, stats: index, relative: 'index.html' });
  });
}
