/**
 * The catalogue (product service, docs/product.md#calls) and the product pictures.
 *
 * The whole-catalogue answer is built once per catalogue version and kept serialized and
 * gzipped, with an ETag: with 10,000+ products, serializing per request would dominate. The
 * version comes from the database (a trigger bumps it), so every server process sharing a
 * PostgreSQL sees a change at once.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CategorySchema,
  ERROR_DETAILS,
  noLongerSoldDetail,
  MAX_SEARCH_SUGGESTIONS,
  asksForPage,
  ProductImageParamsSchema,
  ProductListAnswerSchema,
  ProductListQuerySchema,
  ProductSchema,
  SearchSuggestionsQuerySchema,
  SearchSuggestionsSchema,
  SlugParamsSchema,
  type Category,
  type Product,
  type ProductPage,
  type SearchSuggestions,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import type { CatalogueIndex } from '../db/catalogueIndex';
import type { Database } from '../db/client';
import {
  catalogueVersion,
  findProductBySlug,
  listProductPage,
  listProducts,
  nearestProducts,
  type ListingMemo,
  suggestProductNames,
  toProduct,
} from '../db/products';
import { listShopCategories } from '../db/catalogueAdmin';
import { searchWords } from '../db/search';
import { pageQuery, searchQuery } from './productQuery';
import { productSvg } from '../images';
import { notFound } from '../plugins/errors';

const gzipAsync = promisify(gzip);

interface CachedBody {
  version: number;
  etag: string;
  json: Buffer;
  gzipped: Promise<Buffer> | null;
}

/** Search answers kept per catalogue version: popular searches repeat. */
const SEARCH_CACHE_ENTRIES = 200;
const SEARCH_CACHE_MAX_BYTES = 1024 * 1024;

/**
 * Search plans and ranked ids (one order per search, whatever its filters and sort) kept per
 * catalogue version (see ListingMemo). 500 entries: the searches shoppers make at once. 16
 * MiB: forty searches that each match all of 100,000 products; one larger than 1 MiB (over
 * 262,000 matches) is not kept. The catalogue index is kept apart, one for the newest
 * version: about 5 MiB at 100,000 products with every sort made.
 */
const MEMO_ENTRIES = 500;
const MEMO_MAX_BYTES = 16 * 1024 * 1024;
const MEMO_MAX_ENTRY_BYTES = 1024 * 1024;

function etagFor(version: number, json: Buffer): string {
  return `"c${version}-${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
}

/** Whether the client's If-None-Match names this ETag (weak or strong, or "*"). */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return (
    typeof header === 'string' &&
    /\bgzip\b/i.test(header) &&
    !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(header)
  );
}

function catalogueCache(db: Database, apiPrefix: string) {
  let current: CachedBody | null = null;
  let building: Promise<CachedBody> | null = null;

  async function buildAll(version: number): Promise<CachedBody> {
    const products = (await listProducts(db)).map((p) => toProduct(p, apiPrefix));
    const json = Buffer.from(JSON.stringify(products));
    const etag = etagFor(version, json);
    const gzipped = gzipAsync(json, { level: 6 });
    // Compression failing only costs the compressed variant, never the answer.
    gzipped.catch(() => undefined);
    return { version, etag, json, gzipped };
  }

  // Requests arriving together share one version query (it is at most one round trip old).
  let versionQuery: Promise<number> | null = null;
  const currentVersion = () => {
    versionQuery ??= catalogueVersion(db).finally(() => {
      versionQuery = null;
    });
    return versionQuery;
  };

  interface Kept {
    version: number;
    value: unknown;
    bytes: number;
  }
  const kept = new Map<string, Kept>();
  const keptInFlight = new Map<string, Promise<unknown>>();
  let keptBytes = 0;

  function forget(key: string) {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    keptBytes -= old.bytes;
  }

  // The catalogue index of the newest version asked for (with the build under way, shared).
  let index: { version: number; value: Promise<CatalogueIndex> } | null = null;

  /** A ListingMemo for requests that read catalogue version `version`. */
  function memoAt(version: number): ListingMemo {
    return {
      index(make) {
        if (index && index.version === version) return index.value;
        const value = make();
        // An older version's request builds its own and keeps nothing.
        if (index && index.version > version) return value;
        const entry = { version, value };
        index = entry;
        value.catch(() => {
          if (index === entry) index = null;
        });
        return value;
      },
      remember<T>(key: string, make: () => Promise<T>, bytes: (value: T) => number) {
        const hit = kept.get(key);
        if (hit && hit.version === version) {
          kept.delete(key);
          kept.set(key, hit);
          return Promise.resolve(hit.value as T);
        }
        const flightKey = `${version} ${key}`;
        const flying = keptInFlight.get(flightKey);
        if (flying) return flying as Promise<T>;
        const flight = make()
          .then((value) => {
            const size = bytes(value);
            const newer = kept.get(key);
            if ((!newer || newer.version <= version) && size <= MEMO_MAX_ENTRY_BYTES) {
              forget(key);
              kept.set(key, { version, value, bytes: size });
              keptBytes += size;
              for (const oldest of kept.keys()) {
                if (kept.size <= MEMO_ENTRIES && keptBytes <= MEMO_MAX_BYTES) break;
                forget(oldest);
              }
            }
            return value;
          })
          .finally(() => keptInFlight.delete(flightKey));
        keptInFlight.set(flightKey, flight);
        return flight;
      },
    };
  }

  const searches = new Map<string, CachedBody>();
  const inFlight = new Map<string, Promise<CachedBody>>();

  /**
   * A page, a search or a list of categories: from the cache when the catalogue has not
   * changed since. `key` names the answer; `make` builds it.
   */
  async function answer(
    key: string,
    make: (memo: ListingMemo) => Promise<unknown>,
  ): Promise<CachedBody> {
    const version = await currentVersion();
    const hit = searches.get(key);
    if (hit && hit.version === version) {
      // Re-inserted so the Map's order stays least-recently-used first.
      searches.delete(key);
      searches.set(key, hit);
      return hit;
    }
    // Many shoppers asking the same thing at once (a popular page after a price change) share
    // one build instead of each running the same queries.
    const flightKey = `${version} ${key}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = build(version, key, () => make(memoAt(version))).finally(() =>
        inFlight.delete(flightKey),
      );
      inFlight.set(flightKey, flight);
    }
    return flight;
  }

  async function build(version: number, key: string, make: () => Promise<unknown>) {
    const json = Buffer.from(JSON.stringify(await make()));
    const body: CachedBody = { version, etag: etagFor(version, json), json, gzipped: null };
    const current = searches.get(key);
    if (current && current.version > version) return body;
    searches.delete(key);
    if (json.length <= SEARCH_CACHE_MAX_BYTES) {
      searches.set(key, body);
      for (const oldest of searches.keys()) {
        if (searches.size <= SEARCH_CACHE_ENTRIES) break;
        searches.delete(oldest);
      }
    }
    return body;
  }

  async function all(): Promise<CachedBody> {
    const version = await currentVersion();
    if (current && current.version === version) return current;
    // A rebuild already under way (a large catalogue takes seconds): requests arriving
    // meanwhile get the previous answer rather than queue; the one that started it waits.
    if (building && current) return current;
    if (!building) {
      building = buildAll(version).finally(() => {
        building = null;
      });
    }
    const built = await building;
    if (!current || built.version >= current.version) current = built;
    return built;
  }

  return { all, answer };
}

async function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply
    .header('ETag', body.etag)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (etagMatches(request, body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (body.gzipped && acceptsGzip(request)) {
    const compressed = await body.gzipped.catch(() => null);
    if (compressed) return reply.header('Content-Encoding', 'gzip').send(compressed);
  }
  return reply.send(body.json);
}

const productRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  const catalogue = catalogueCache(db, config.apiPrefix);

  app.get(
    '/get-all-products',
    {
      schema: {
        querystring: ProductListQuerySchema,
        response: { 200: ProductListAnswerSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (!asksForPage(query)) {
        const search = searchQuery(query.q);
        // The original contract's array: the whole catalogue, or every match to a search.
        if (!search) return sendCached(request, reply, await catalogue.all());
        const key = JSON.stringify(['search', search.q]);
        return sendCached(
          request,
          reply,
          await catalogue.answer(key, async (memo): Promise<Product[]> => {
            const { records } = await listProductPage(db, search, memo);
            return records.map((p) => toProduct(p, config.apiPrefix));
          }),
        );
      }
      const page = pageQuery(query);
      const key = JSON.stringify(['page', page]);
      return sendCached(
        request,
        reply,
        await catalogue.answer(key, async (memo): Promise<ProductPage> => {
          const { records, total } = await listProductPage(db, page, memo);
          const suggestions =
            total === 0 && page.q !== undefined
              ? await nearestProducts(db, page.q, MAX_SEARCH_SUGGESTIONS)
              : [];
          return {
            items: records.map((p) => toProduct(p, config.apiPrefix)),
            total,
            limit: page.limit,
            offset: page.offset,
            sort: page.sort,
            q: page.q ?? null,
            suggestions: suggestions.map((p) => toProduct(p, config.apiPrefix)),
          };
        }),
      );
    },
  );

  app.get(
    '/categories',
    { schema: { response: { 200: Type.Array(CategorySchema) } } },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await catalogue.answer('categories', async (): Promise<Category[]> => {
          const categories = await listShopCategories(db);
          return categories.map((c) => ({
            name: c.name,
            slug: c.slug,
            // The photos part turns image_id into an address; until then, none.
            image: null,
            products: c.products,
            in_stock: c.inStock,
          }));
        }),
      ),
  );

  app.get(
    '/search-suggestions',
    {
      schema: {
        querystring: SearchSuggestionsQuerySchema,
        response: { 200: SearchSuggestionsSchema },
      },
    },
    async (request, reply) => {
      const q = request.query.q.trim();
      const key = JSON.stringify(['suggest', searchWords(q).join(' ')]);
      return sendCached(
        request,
        reply,
        await catalogue.answer(key, async (): Promise<SearchSuggestions> => ({
          q,
          suggestions: await suggestProductNames(db, q, MAX_SEARCH_SUGGESTIONS),
        })),
      );
    },
  );

  app.get(
    '/get-product/:slug',
    { schema: { params: SlugParamsSchema, response: { 200: ProductSchema } } },
    async (request) => {
      const product = await findProductBySlug(db, request.params.slug);
      if (!product) throw notFound(ERROR_DETAILS.productNotFound);
      if (product.archivedAt !== null) throw notFound(noLongerSoldDetail(product.name));
      return toProduct(product, config.apiPrefix);
    },
  );

  app.get(
    '/images/products/:file',
    {
      schema: {
        params: ProductImageParamsSchema,
        response: {
          200: {
            description: "The product's picture",
            content: { 'image/svg+xml': { schema: Type.String() } },
          },
          304: { description: 'Not modified (If-None-Match)' },
        },
      },
    },
    async (request, reply) => {
      const slug = request.params.file.replace(/\.svg$/, '');
      const rows = await db.query<{ name: string; category: string }>(
        'SELECT name, category FROM products WHERE slug = $1',
        [slug],
      );
      const product = rows[0];
      if (!product) throw notFound('Image not found');
      const svg = productSvg(product.name, product.category);
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
      if (etagMatches(request, etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
};

export default productRoutes;
