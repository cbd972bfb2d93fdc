/** API answers compressed as the client prefers, without changing what they say. */
import zlib from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../src/plugins/compress';
import { call, seedProducts, setupHarness } from './helpers';

const t = setupHarness();

const PAGE = '/api/get-all-products?limit=24&offset=0';

async function seedCatalogue() {
  await seedProducts(
    t.db,
    Array.from({ length: 24 }, (_, i) => ({ name: `Ofada Rice ${i + 1}kg`, price: 1000 + i })),
  );
}

function decode(encoding: unknown, raw: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe('compressed API answers', () => {
  test('a page of products comes brotli for br, gzip for gzip, raw otherwise, the same JSON', async () => {
    await seedCatalogue();
    const plain = await call(t.app, { url: PAGE });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const r = await call(t.app, { url: PAGE, headers: { 'accept-encoding': accept } });
      expect({ accept, status: r.statusCode, encoding: r.headers['content-encoding'] }).toEqual({
        accept,
        status: 200,
        encoding: expected,
      });
      expect(r.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(decode(r.headers['content-encoding'], r.rawPayload))).toEqual(
        JSON.parse(plain.body),
      );
      if (expected) expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  test('small answers and errors under the threshold are sent as they are', async () => {
    const health = await call(t.app, { url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await call(t.app, {
      url: '/api/get-product/no-such-thing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body)).toHaveProperty('detail');
  });

  test('the whole catalogue keeps its own gzip and still revalidates', async () => {
    await seedCatalogue();
    const first = await call(t.app, {
      url: '/api/get-all-products',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(first.rawPayload).toString())).toHaveLength(24);
    const etag = first.headers.etag as string;
    const again = await call(t.app, {
      url: '/api/get-all-products',
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
