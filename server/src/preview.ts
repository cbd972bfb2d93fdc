/**
 * What a shared link shows before it is opened: the Open Graph and Twitter tags a chat app's
 * crawler (WhatsApp, Facebook, X) reads from the page. Crawlers run no JavaScript, so the
 * server writes them into index.html: a product's name, price, description and picture for
 * its page, the shop's own for every other page (and for a slug that names no product).
 */
import { PRODUCT_PAGE_PATH, PRODUCT_SLUG_PARAM, productDetailsPath } from '../../contract/links';
import type { AppContext } from './context';
import type { Queryable } from './db/client';
import {
  catalogueVersion,
  findProductBySlug,
  unitPriceKobo,
  type ProductRecord,
} from './db/products';
import { SHOP_NAME } from './mail/messages';
import { formatNaira } from './money';

export interface PagePreview {
  type: 'website' | 'product';
  title: string;
  description: string;
  /** Absolute: a crawler has no page to resolve a path against. */
  image: string;
  url: string;
  /** summary_large_image for a product photo; summary (a small square) for the shop's icon. */
  card: 'summary' | 'summary_large_image';
}

const SHOP_DESCRIPTION =
  'Groceries and general goods delivered in Ibadan: staples, provisions, drinks and household goods, priced in naira.';
/** In dist/ (public/icons): a PNG, which every crawler shows. */
const SHOP_IMAGE = '/icons/icon-512.png';
const DESCRIPTION_MAX = 200;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

/** Products (and slugs that name none) whose previews are kept: the ones being shared now. */
const PREVIEW_ENTRIES = 500;
/** Longer than any slug the shop makes: such a query is answered, never kept. */
const PREVIEW_SLUG_MAX = 200;

/**
 * The product behind a shared link, read once per catalogue version: every page view asks, and
 * a link shared in a busy group chat is opened by many at once. A trigger bumps the version on
 * any product or vendor change, so a kept product is never older than the catalogue; the least
 * recently viewed goes first once PREVIEW_ENTRIES are kept.
 */
export function productPreviewCache(
  db: Queryable,
  entries = PREVIEW_ENTRIES,
): (slug: string) => Promise<ProductRecord | null> {
  const kept = new Map<string, { version: number; product: ProductRecord | null }>();
  return async (slug) => {
    const version = await catalogueVersion(db);
    const hit = kept.get(slug);
    if (hit && hit.version === version) {
      kept.delete(slug);
      kept.set(slug, hit);
      return hit.product;
    }
    const product = await findProductBySlug(db, slug);
    if (slug.length <= PREVIEW_SLUG_MAX) {
      kept.delete(slug);
      kept.set(slug, { version, product });
      for (const oldest of kept.keys()) {
        if (kept.size <= entries) break;
        kept.delete(oldest);
      }
    }
    return product;
  };
}

// One cache per database: each app (and each test's) keeps its own.
const caches = new WeakMap<Queryable, (slug: string) => Promise<ProductRecord | null>>();
function cachedProduct(db: Queryable, slug: string): Promise<ProductRecord | null> {
  let find = caches.get(db);
  if (!find) {
    find = productPreviewCache(db);
    caches.set(db, find);
  }
  return find(slug);
}

/**
 * The preview of the page at `pathname` with `query`. Pictures the server draws are SVG,
 * which WhatsApp and Facebook do not show, so a product without a photo of its own is
 * previewed with the shop's icon.
 */
export async function pagePreview(
  ctx: Pick<AppContext, 'db' | 'publicUrl'>,
  pathname: string,
  query: URLSearchParams,
): Promise<PagePreview> {
  const origin = ctx.publicUrl();
  const shopImage = `${origin}${SHOP_IMAGE}`;
  const slug = pathname === PRODUCT_PAGE_PATH ? query.get(PRODUCT_SLUG_PARAM) : null;
  const product = slug ? await cachedProduct(ctx.db, slug) : null;
  if (!product) {
    return {
      type: 'website',
      title: SHOP_NAME,
      description: SHOP_DESCRIPTION,
      image: shopImage,
      url: `${origin}${pathname}`,
      card: 'summary',
    };
  }
  const photo =
    product.imageUrl && !/\.svg(?:[?#]|$)/i.test(product.imageUrl)
      ? new URL(product.imageUrl, `${origin}/`).href
      : null;
  const price = formatNaira(unitPriceKobo(product));
  const stock = product.inventoryStock > 0 ? price : `${price}, out of stock`;
  return {
    type: 'product',
    title: `${product.name} | ${SHOP_NAME}`,
    description: shorten(`${stock}. ${product.description}`, DESCRIPTION_MAX),
    image: photo ?? shopImage,
    url: `${origin}${productDetailsPath(product.slug)}`,
    card: photo ? 'summary_large_image' : 'summary',
  };
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The tags, escaped for an attribute value, one per line. */
export function previewTags(p: PagePreview): string {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SHOP_NAME],
    ['property', 'og:type', p.type],
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['property', 'og:image', p.image],
    ['property', 'og:url', p.url],
    ['name', 'twitter:card', p.card],
    ['name', 'twitter:title', p.title],
    ['name', 'twitter:description', p.description],
    ['name', 'twitter:image', p.image],
  ];
  return tags
    .map(
      ([key, name, content]) => `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`,
    )
    .join('\n');
}

/** index.html with the tags at the end of its head (or at the start, without one). */
export function withPreview(html: string, p: PagePreview): string {
  const tags = previewTags(p);
  const head = html.search(/<\/head>/i);
  return head === -1 ? `${tags}\n${html}` : `${html.slice(0, head)}${tags}\n${html.slice(head)}`;
}
