/**
 * What a shared link shows before it is opened: the Open Graph and Twitter tags a chat app's
 * crawler (WhatsApp, Facebook, X) reads from the page. Crawlers run no JavaScript, so the
 * server writes them into index.html: a product's name, price, description and picture for
 * its page, the shop's own for every other page (and for a slug that names no product).
 * With them, the page's own <title> and description, and for a product its schema.org Product
 * data, which search engines read for a result with its price and stock.
 */
import {
  PRODUCT_SLUG_PARAM,
  mediaPictureId,
  mediaPreviewPath,
  productDetailsPath,
} from '../../contract/links';
import { PAGE_TITLES, SHOP_TITLE, documentTitle, shopTitle } from '../../contract/titles';
import { routeManifest, type RouteEntry, type RouteManifest } from '../../src/app/routeManifest';
import type { AppContext } from './context';
import type { Queryable } from './db/client';
import {
  catalogueVersion,
  findProductBySlug,
  productImagePath,
  unitPriceKobo,
  type ProductRecord,
} from './db/products';
import { formatNaira } from './money';
import { pageTemplateOf, type PageSlots, type PageTemplate } from './pageTemplate';

export interface PagePreview {
  type: 'website' | 'product';
  title: string;
  description: string;
  /** Absolute: a crawler has no page to resolve a path against. */
  image: string;
  url: string;
  /**
   * The page's one address for search engines (absolute): its path as the app spells it, with
   * only the query the page reads (the shop's category, the product's slug), so tracking
   * parameters and other spellings count as the same page.
   */
  canonical: string;
  /** summary_large_image for a product photo; summary (a small square) for the shop's icon. */
  card: 'summary' | 'summary_large_image';
  /** The page's <title>: the one the app sets once it runs, so the tab never changes. */
  pageTitle: string;
  /** The page's schema.org data (a product's page only). */
  structuredData: ProductData | null;
}

/** schema.org Product with one Offer, as search engines read it for a product result. */
export interface ProductData {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  description?: string;
  /** Absolute. */
  image: string[];
  sku: string;
  productID: string;
  category: string;
  offers: {
    '@type': 'Offer';
    url: string;
    /** Naira with two decimals, a string: "2500.00". */
    price: string;
    priceCurrency: 'NGN';
    availability: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
    itemCondition: 'https://schema.org/NewCondition';
    /** The vendor who sells it (the data names no brand). */
    seller: { '@type': 'Organization'; name: string };
  };
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

/**
 * The routes of the route manifest (src/app/routeManifest.ts) by path, for their titles,
 * previews and canonical addresses. react-router matches paths case-insensitively, with or
 * without a trailing slash: they are looked up as routeOf spells them.
 */
export function previewRoutesOf(manifest: RouteManifest): ReadonlyMap<string, RouteEntry> {
  return new Map(manifest.map((route) => [route.path, route]));
}

const ROUTES = previewRoutesOf(routeManifest);

/** Shop search's query parameter (src/features/shop/useSearchText.ts). */
const SEARCH_PARAM = 'q';
/** The slugs the product page asks the server for (src/features/product/ProductDetailPage.tsx). */
const SLUG_PATTERN = /^[a-z0-9-]{1,200}$/;

function routeOf(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The page's address with only the query parameters its route says make it another page
 * (`preview.canonicalQuery`); any other (utm_source, fbclid...) is dropped.
 */
function canonicalUrl(
  origin: string,
  route: string,
  query: URLSearchParams,
  routes: ReadonlyMap<string, RouteEntry>,
): string {
  // index.html is '/'.
  const page = route === '/index.html' ? '/' : route;
  const kept = new URLSearchParams();
  for (const name of routes.get(page)?.preview?.canonicalQuery ?? []) {
    const value = query.get(name)?.trim();
    if (value) kept.set(name, name === PRODUCT_SLUG_PARAM ? value.toLowerCase() : value);
  }
  const search = kept.toString();
  return `${origin}${page}${search === '' ? '' : `?${search}`}`;
}

/**
 * The title of a page that names no product, as the app sets it: its route's title (the
 * shop's names the search), else the shop's name until the app runs.
 */
export function plainPageTitle(
  route: string,
  query: URLSearchParams,
  routes: ReadonlyMap<string, RouteEntry> = ROUTES,
): string {
  const title = routes.get(route)?.title;
  if (title === 'shop') return documentTitle(shopTitle(query.get(SEARCH_PARAM)?.trim() ?? ''));
  return title ? documentTitle(PAGE_TITLES[title]) : SHOP_TITLE;
}

/** Kobo as naira with two decimals, in integers so no float rounding shows: 250050 -> "2500.50". */
function nairaDecimal(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  return `${whole}.${String(Math.abs(kobo % 100)).padStart(2, '0')}`;
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
/** The product a slug names, through this database's preview cache. */
export function cachedProduct(db: Queryable, slug: string): Promise<ProductRecord | null> {
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
 * previewed with the shop's icon (its structured data names the drawn picture: search
 * engines show SVG).
 */
export async function pagePreview(
  ctx: Pick<AppContext, 'db' | 'publicUrl' | 'config'>,
  pathname: string,
  query: URLSearchParams,
): Promise<PagePreview> {
  const origin = ctx.publicUrl();
  const shopImage = `${origin}${SHOP_IMAGE}`;
  const route = routeOf(pathname);
  const productPage = ROUTES.get(route)?.preview?.kind === 'product';
  // The app's own reading of the address: trimmed, lower-cased, then checked.
  const slug = productPage ? query.get(PRODUCT_SLUG_PARAM)?.trim().toLowerCase() || null : null;
  const found = slug && SLUG_PATTERN.test(slug) ? await cachedProduct(ctx.db, slug) : null;
  // An archived product is previewed as the shop: it is no longer sold.
  const product = found?.archivedAt === null ? found : null;
  if (!product) {
    return {
      type: 'website',
      title: SHOP_TITLE,
      description: SHOP_DESCRIPTION,
      image: shopImage,
      url: `${origin}${pathname}`,
      canonical: canonicalUrl(origin, route, query, ROUTES),
      card: 'summary',
      pageTitle: productPage
        ? documentTitle(slug ? PAGE_TITLES.productNotFound : PAGE_TITLES.productDetails)
        : plainPageTitle(route, query),
      structuredData: null,
    };
  }
  // A photo the owner uploaded is previewed by its 1200x630 JPEG, the shape chat apps show.
  const pictureId = product.imageUrl ? mediaPictureId(product.imageUrl) : null;
  const photoPath =
    pictureId !== null
      ? mediaPreviewPath(pictureId)
      : product.imageUrl && !/\.svg(?:[?#]|$)/i.test(product.imageUrl)
        ? product.imageUrl
        : null;
  const photo = photoPath ? new URL(photoPath, `${origin}/`).href : null;
  const unitKobo = unitPriceKobo(product);
  const price = formatNaira(unitKobo);
  const inStock = product.inventoryStock > 0;
  const stock = inStock ? price : `${price}, out of stock`;
  const url = `${origin}${productDetailsPath(product.slug)}`;
  const title = documentTitle(product.name);
  const description = product.description.replace(/\s+/g, ' ').trim();
  return {
    type: 'product',
    title,
    description: shorten(`${stock}. ${product.description}`, DESCRIPTION_MAX),
    image: photo ?? shopImage,
    url,
    canonical: url,
    card: photo ? 'summary_large_image' : 'summary',
    pageTitle: title,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      ...(description ? { description } : {}),
      image: [
        new URL(
          productImagePath(ctx.config.apiPrefix, product.slug, product.imageUrl),
          `${origin}/`,
        ).href,
      ],
      sku: product.slug,
      productID: String(product.id),
      category: product.category,
      // A shop's own product ratings (0-5) come with no count of raters, and rating data
      // without one is not valid (schema.org AggregateRating, Google's product results), so
      // aggregateRating is left out.
      offers: {
        '@type': 'Offer',
        url,
        price: nairaDecimal(unitKobo),
        priceCurrency: 'NGN',
        availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: product.vendor.name },
      },
    },
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
    ['property', 'og:site_name', SHOP_TITLE],
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
  return [
    `<link rel="canonical" href="${escapeAttribute(p.canonical)}" />`,
    ...tags.map(
      ([key, name, content]) => `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`,
    ),
  ].join('\n');
}

/**
 * JSON for inside a <script>: no "</script>", "<!--" or "]]>" can close it or open a comment,
 * and no U+2028/U+2029, which older parsers end a line at. Each is a JSON escape, so the
 * data parses the same.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * What the page's own title, description, preview tags and structured data put in
 * `template`: each in place of the shop's (exactly one of each kept), the rest at the end of
 * its head (or at the start, without one).
 */
export function previewSlots(template: PageTemplate, p: PagePreview): PageSlots {
  const title = `<title>${escapeAttribute(p.pageTitle)}</title>`;
  const description = `<meta name="description" content="${escapeAttribute(p.description)}" />`;
  const added: string[] = [];
  if (!template.hasTitle) added.push(title);
  if (!template.hasDescription) added.push(description);
  added.push(previewTags(p));
  if (p.structuredData) {
    added.push(`<script type="application/ld+json">${scriptSafeJson(p.structuredData)}</script>`);
  }
  return {
    title,
    extraTitles: '',
    description,
    extraDescriptions: '',
    headEnd: `${added.join('\n')}\n`,
  };
}

/** index.html with the page's preview (previewSlots). */
export function withPreview(html: string, p: PagePreview): string {
  const template = pageTemplateOf(html);
  return template.fill(previewSlots(template, p));
}
