/**
 * Storefront addresses both sides write: the storefront routes to them (src/lib/paths.ts) and
 * the server puts them in notifications, emails and messages. Plain values, no TypeBox.
 */

/** The product page; the product is named by its slug in the query (shareable). */
export const PRODUCT_PAGE_PATH = '/detail/product-details';
export const PRODUCT_SLUG_PARAM = 'slug';
/** One order, with its timeline, among the shopper's orders. */
export const ORDER_PAGE_PATH = '/profile/orders/:orderId';
/** The page shown once an order is placed (paid online or to pay later). */
export const ORDER_CONFIRMATION_PATH = '/order-confirmation/:orderId';

/** /detail/product-details?slug=rice-10kg */
export function productDetailsPath(slug: string): string {
  return `${PRODUCT_PAGE_PATH}?${new URLSearchParams({ [PRODUCT_SLUG_PARAM]: slug })}`;
}

/** /profile/orders/12 */
export function orderPagePath(orderId: number): string {
  return ORDER_PAGE_PATH.replace(':orderId', String(orderId));
}

/** /order-confirmation/12 */
export function orderConfirmationPath(orderId: number): string {
  return ORDER_CONFIRMATION_PATH.replace(':orderId', String(orderId));
}

/**
 * The shop's own pictures (uploaded photos), served at the site's root. A picture's copies
 * are kept at these widths, each as WebP and JPEG: a grid card on a phone (about 160 px
 * wide) at two and three times its pixels, a grid card on a wide screen and the product
 * page on a phone, and the product page on a phone at three times or a wide screen at two.
 */
export const MEDIA_WIDTHS = [320, 640, 1080] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
/** The copy a product's `images` names: one every browser shows, sharp enough for most. */
export const MEDIA_DEFAULT_WIDTH: MediaWidth = 640;
/** The copy link previews show (WhatsApp, Facebook): Open Graph's 1.91:1, as a JPEG. */
export const MEDIA_PREVIEW_NAME = '1200x630.jpg';
const MEDIA_PATH_PREFIX = '/media/';

/** /media/12-640.webp */
export function mediaPath(pictureId: number, width: MediaWidth, format: 'webp' | 'jpg'): string {
  return `${MEDIA_PATH_PREFIX}${pictureId}-${width}.${format}`;
}

/** /media/12-1200x630.jpg */
export function mediaPreviewPath(pictureId: number): string {
  return `${MEDIA_PATH_PREFIX}${pictureId}-${MEDIA_PREVIEW_NAME}`;
}

/** The picture a media URL (path or absolute) names, or null for any other image. */
export function mediaPictureId(src: string): number | null {
  const match = /^(?:https?:\/\/[^/]+)?\/media\/(\d{1,15})-\d+\.(?:webp|jpg)$/.exec(src);
  return match ? Number(match[1]) : null;
}
