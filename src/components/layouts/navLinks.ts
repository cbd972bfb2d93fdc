import { paths } from '../../lib/paths';

export interface NavLinkItem {
  label: string;
  to: string;
  /** Other paths at which this link is the current one (Shop is also the page at /). */
  alsoCurrentAt?: readonly string[];
}

/** The top navigation of docs/product.md#navigation-and-footer, in order. */
export const mainNavLinks: readonly NavLinkItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Vendors', to: paths.vendors },
  { label: 'Shop', to: paths.shop, alsoCurrentAt: [paths.root] },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact Us', to: paths.contact },
];

/** "/shop/" and "/shop" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function isCurrentLink(link: NavLinkItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === link.to || (link.alsoCurrentAt?.includes(path) ?? false);
}
