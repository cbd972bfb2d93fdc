/**
 * Finished pages kept for visitors who are not signed in: a guest's page depends only on its
 * address, the catalogue's version and the build, so it is made once for each, and every
 * later request for it is answered from memory (with its compressed forms, made once too).
 * A page rendered for a signed-in shopper is never kept (routes/static.ts).
 *
 * Bounded by entries and by bytes (the page and its compressed forms): the least lately
 * used go first. Keys start with a generation (the catalogue's version and the build): when
 * a new one appears, every page of the older ones is dropped at once, since none can be
 * asked for again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type PageEncoding = 'br' | 'gzip';

/** One finished page. */
export interface KeptPage {
  status: number;
  etag: string;
  identity: Buffer;
  /** The page in an encoding, compressed the first time it is asked for and then kept. */
  encoded(encoding: PageEncoding): Promise<Buffer>;
}

export interface PageCache {
  get(generation: string, key: string): KeptPage | undefined;
  /** Keeps the page (replacing any under the same key) and returns it. */
  put(generation: string, key: string, html: string, status: number): KeptPage;
  /** Pages and bytes kept now. */
  size(): { entries: number; bytes: number };
}

/** A page kept and compressed at the highest quality: it is made once and sent many times. */
export function keptPage(
  html: string,
  status: number,
  onGrow: (bytes: number) => void = () => {},
): KeptPage {
  const identity = Buffer.from(html);
  const variants = new Map<PageEncoding, Promise<Buffer>>();
  return {
    status,
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    encoded(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        // On libuv's pool: the first visitor waits for it, other requests do not.
        variant =
          encoding === 'br'
            ? brotliAsync(identity, {
                params: { [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
              })
            : gzipAsync(identity, { level: 9 });
        variants.set(encoding, variant);
        void variant.then(
          (body) => onGrow(body.length),
          () => variants.delete(encoding),
        );
      }
      return variant;
    },
  };
}

export function createPageCache(limits: { maxEntries: number; maxBytes: number }): PageCache {
  const kept = new Map<string, { page: KeptPage; bytes: number }>();
  let generation = '';
  let bytes = 0;

  function drop(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.bytes;
  }

  function trim() {
    for (const key of kept.keys()) {
      if (kept.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      drop(key);
    }
  }

  return {
    get(gen, key) {
      if (gen !== generation) return undefined;
      const entry = kept.get(key);
      if (!entry) return undefined;
      // Most lately used last, so the oldest is the first to go.
      kept.delete(key);
      kept.set(key, entry);
      return entry.page;
    },
    put(gen, key, html, status) {
      if (gen !== generation) {
        kept.clear();
        bytes = 0;
        generation = gen;
      }
      drop(key);
      const entry = { page: keptPage(html, status, grow), bytes: 0 };
      function grow(more: number) {
        // A variant finished after its page was dropped (or replaced) is not counted.
        if (kept.get(key) !== entry) return;
        entry.bytes += more;
        bytes += more;
        trim();
      }
      entry.bytes = key.length + entry.page.identity.length;
      // A page larger than the whole cache is sent, not kept.
      if (entry.bytes > limits.maxBytes) return entry.page;
      kept.set(key, entry);
      bytes += entry.bytes;
      trim();
      return entry.page;
    },
    size: () => ({ entries: kept.size, bytes }),
  };
}
