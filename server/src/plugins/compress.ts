/**
 * API answers compressed for clients that take it: a page of 24 products is 16 KB of JSON and
 * about a fifth of that as brotli, a third of a second saved on a 400 kbps mobile link for
 * every listing, search and cart a shopper opens.
 *
 * Text answers (JSON, text, SVG pictures) of at least COMPRESS_MIN_BYTES are compressed as
 * the client prefers (brotli, else gzip; routes/static.ts chooseEncoding), with
 * `Vary: Accept-Encoding` for caches. An answer a route already encoded (the whole catalogue
 * keeps its own gzip) or streams is sent as it is. Brotli runs at a low quality: answers are
 * made per request, and quality 4 keeps most of the saving for a small share of the time of
 * the default 11. Compression runs on libuv's thread pool, never blocking other requests.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { chooseEncoding } from '../routes/static';

/** Below this, headers and framing outweigh what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /^(?:application\/json|text\/|image\/svg\+xml)/i;

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...names, 'Accept-Encoding'].join(', '));
}

/** Compresses the answers of every route registered on `app` (and its children) after this. */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const compressed =
      encoding === 'br'
        ? await brotliAsync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: GZIP_LEVEL });
    // The same content in another encoding: a strong validator must say it differs.
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) void reply.header('etag', `W/${etag}`);
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
