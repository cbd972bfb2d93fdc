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
  roles: readonly ShopRole[];
  load: () => Promise<{ default: ComponentType }>;
}

const EVERYONE = ['owner', 'staff'] as const;
const OWNER = ['owner'] as const;

export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  {
    path: 'orders',
    label: 'Orders',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "staff-orders" */ './orders/StaffOrdersPage'),
  },
  {
    path: 'products',
    label: 'Products',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "bo-products" */ './products/ProductsPage'),
  },
  {
    path: 'stock',
    label: 'Low stock',
    roles: EVERYONE,
    load: () => import(/* webpackChunkName: "bo-products" */ './products/LowStockPage'),
  },
  {
    path: 'categories',
    label: 'Categories',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-products" */ './products/CategoriesPage'),
  },
  {
    path: 'import',
    label: 'Spreadsheet',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-csv" */ './csv/CatalogueImportPage'),
  },
  {
    path: 'delivery',
    label: 'Delivery and pickup',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-shop" */ './shop/DeliveryPage'),
  },
  {
    path: 'settings',
    label: 'Shop details',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-shop" */ './shop/ShopSettingsPage'),
  },
  {
    path: 'team',
    label: 'Staff',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-team" */ './staffAccounts/TeamPage'),
  },
  {
    path: 'changes',
    label: 'Change log',
    roles: OWNER,
    load: () => import(/* webpackChunkName: "bo-team" */ './staffAccounts/ChangeLogPage'),
  },
];
