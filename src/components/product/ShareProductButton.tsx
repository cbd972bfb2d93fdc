import { useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import type { Product } from 'contract';
import { productDetailsPath } from 'contract/links';
import { brand } from '../../lib/brand';
import { formatNaira } from '../../lib/format';
import { priceOf } from './pricing';

type Shared = Pick<Product, 'name' | 'slug' | 'amount' | 'disc_amount'>;

/**
 * The product's own page as an absolute link: what a friend opens (and WhatsApp previews).
 * Without an origin (the server's page), its path.
 */
export function productShareUrl(product: Pick<Product, 'slug'>, origin: string): string {
  const path = productDetailsPath(product.slug);
  return origin === '' ? path : new URL(path, origin).href;
}

/** The words sent with the link: name, today's price, where to buy it. */
export function productShareText(product: Shared): string {
  return `${product.name}: ${formatNaira(priceOf(product))} at ${brand.name}`;
}

/** WhatsApp's own 'send a message' link, for browsers without the share sheet. */
export function whatsAppShareUrl(product: Shared, origin: string): string {
  const message = `${productShareText(product)}\n${productShareUrl(product, origin)}`;
  return `https://wa.me/?${new URLSearchParams({ text: message })}`;
}

const noChanges = () => () => {};
const pageOrigin = () => window.location.origin;
/**
 * The server cannot know which address the shopper used: its page (and the browser's
 * hydration of it) links to the product's path, and the full address follows at once.
 */
const noOrigin = () => '';

/**
 * Share: the phone's own share sheet where the browser has one (WhatsApp is on it for most
 * shoppers here), else WhatsApp's link in a new tab. A plain link underneath, so it still
 * works where scripts are slow and the address can be copied.
 */
export default function ShareProductButton({ product }: { product: Shared }) {
  const origin = useSyncExternalStore(noChanges, pageOrigin, noOrigin);
  const href = whatsAppShareUrl(product, origin);

  async function share(event: React.MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share !== 'function') return;
    const data = {
      title: product.name,
      text: productShareText(product),
      url: productShareUrl(product, origin),
    };
    if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return;
    event.preventDefault();
    try {
      await navigator.share(data);
    } catch (error) {
      // The shopper closed the sheet: nothing to do. Any other refusal: WhatsApp's link.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      window.open(href, '_blank', 'noopener,noreferrer');
    }
  }

  return (
    <Button
      variant="outlined"
      size="large"
      startIcon={<ShareOutlined />}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => void share(event)}
      sx={{ minHeight: 48 }}
    >
      Share
    </Button>
  );
}
