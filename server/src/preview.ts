/**
 * What a shared link shows before it is opened: the Open Graph and Twitter tags a chat app's
 * crawler (WhatsApp, Facebook, X) reads from the page. Crawlers run no JavaScript, so the
 * server writes them into index.html: a product's name, price, description and picture for
 * its page, the shop's own for every other page (and for a slug that names no product).
 */
import { PRODUCT_PAGE_PATH, PRODUCT_SLUG_PARAM, productDetailsPath } from '../../contract/links';
import type { AppContext } from './context';
import { findProductBySlug, unitPriceKobo } from './db/products';
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
  const product = slug ? await findProductBySlug(ctx.db, slug) : null;
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
