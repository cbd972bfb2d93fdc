/**
 * The back office's sections, in the order its menu shows them: where each lives under
 * /staff, what the menu calls it, who may open it, and its page (loaded when opened, so no
 * shopper ever downloads it). A section's page routes what lies below its path itself.
 */
import type { ComponentType } from 'react';
import type { ShopRole } from 'contract';

export interface BackOfficeSection {
  /** Below /staff, with no slash: 'products' serves /staff/products and everything under it. */
  path: string;
  label: string;
  /** The page's own heading, shown also on the sign-in prompt there; the label when unset. */
  heading?: string;
  roles: readonly ShopRole[];
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The pages outside the sections: the first owner's setup link and an invite's (server/src/
 * backOffice/staffAccounts.ts builds the same addresses).
 */
export const BACK_OFFICE_LINKS = { setup: '/staff/setup', join: '/staff/join' } as const;

// Every page shares the shell's chunk: each chunk of its own would add its name and hash to
// the runtime every shopper downloads, and the shop's first screen must not grow.
const EVERYONE = ['owner', 'staff'] as const;
const OWNER = ['owner'] as const;

export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  {
    path: 'orders',
    label: 'Orders',
    heading: 'Orders to fulfil',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "back-office" */ './orders/StaffOrdersPage'),
  },
  {
    path: 'products',
    label: 'Products',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "back-office" */ './products/ProductsPage'),
  },
  {
    path: 'stock',
    label: 'Low stock',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "back-office" */ './products/LowStockPage'),
  },
  {
    path: 'categories',
    label: 'Categories',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './products/CategoriesPage'),
  },
  {
    path: 'import',
    label: 'Spreadsheet',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './csv/CatalogueImportPage'),
  },
  {
    path: 'delivery',
    label: 'Delivery and pickup',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './shop/DeliveryPage'),
  },
  {
    path: 'settings',
    label: 'Shop details',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './shop/ShopSettingsPage'),
  },
  {
    path: 'team',
    label: 'Staff',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './staffAccounts/TeamPage'),
  },
  {
    path: 'changes',
    label: 'Change log',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "back-office" */ './staffAccounts/ChangeLogPage'),
  },
];

/** The sections a role may open, in menu order. */
export const sectionsFor = (role: ShopRole): BackOfficeSection[] =>
  BACK_OFFICE_SECTIONS.filter((section) => section.roles.includes(role));

/** The section whose path `pathname` (under /staff) lies in, if any. */
export function sectionAt(pathname: string): BackOfficeSection | undefined {
  const first = pathname.replace(/^\/staff\/?/, '').split('/')[0];
  return BACK_OFFICE_SECTIONS.find((section) => section.path === first);
}
