/** The contract test's rows for productsHandlers.ts (the back office's catalogue). */
// Only the contract test (jest) reads these rows, so the TypeBox schemas never reach the bundle.
import {
  CreateCategorySchema,
  CreateProductSchema,
  DeletedSchema,
  ErrorBodySchema,
  LowStockListSchema,
  StaffCategoryListSchema,
  StaffCategorySchema,
  StaffProductListSchema,
  StaffProductSchema,
  StockChangeAnswerSchema,
  StockChangeRequestSchema,
  StockHistorySchema,
  UpdateCategorySchema,
  UpdateProductSchema,
} from 'contract';
import { fixtureAuthToken } from '../fixtures';
import type { ContractCall } from '../contractCall';
import { treatAsShopMember } from './productsHandlers';

// The contract test sends the shopper's fixture token: these rows make it the owner's.
const asOwner = () => {
  treatAsShopMember(fixtureAuthToken, 'owner');
  return Promise.resolve();
};
const asStaff = () => {
  treatAsShopMember(fixtureAuthToken, 'staff');
  return Promise.resolve();
};

const member = { service: 'staff', signedIn: true, setup: asOwner } as const;

export const productsCalls: ContractCall[] = [
  {
    ...member,
    name: 'the owner searches the products',
    method: 'GET',
    path: '/staff/products?q=rice&archived=false&limit=20&offset=0',
    answer: StaffProductListSchema,
  },
  {
    ...member,
    name: 'the owner opens a product',
    method: 'GET',
    path: '/staff/products/1',
    answer: StaffProductSchema,
  },
  {
    ...member,
    name: 'the owner adds a product',
    method: 'POST',
    path: '/staff/products',
    body: { name: 'Honey Beans 2kg', category: 'Staples', price: 2300, stock: 40 },
    request: CreateProductSchema,
    status: 201,
    answer: StaffProductSchema,
  },
  {
    ...member,
    name: 'the owner changes a price',
    method: 'PATCH',
    path: '/staff/products/1',
    body: { row_version: 3, price: 9900 },
    request: UpdateProductSchema,
    answer: StaffProductSchema,
  },
  {
    ...member,
    name: 'a save from an older version is refused',
    method: 'PATCH',
    path: '/staff/products/1',
    body: { row_version: 1, price: 9900 },
    request: UpdateProductSchema,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    ...member,
    setup: asStaff,
    name: 'staff cannot change a price',
    method: 'PATCH',
    path: '/staff/products/1',
    body: { row_version: 3, price: 1 },
    request: UpdateProductSchema,
    status: 403,
    answer: ErrorBodySchema,
  },
  {
    ...member,
    setup: asStaff,
    name: 'staff count the stock',
    method: 'POST',
    path: '/staff/products/1/stock',
    body: { reason: 'counted', counted: 10 },
    request: StockChangeRequestSchema,
    answer: StockChangeAnswerSchema,
  },
  {
    ...member,
    name: 'the stock history of a product',
    method: 'GET',
    path: '/staff/products/1/stock',
    answer: StockHistorySchema,
  },
  {
    ...member,
    name: 'the low-stock list',
    method: 'GET',
    path: '/staff/stock/low',
    answer: LowStockListSchema,
  },
  {
    ...member,
    name: 'the category list',
    method: 'GET',
    path: '/staff/categories',
    answer: StaffCategoryListSchema,
  },
  {
    ...member,
    name: 'the owner adds a category',
    method: 'POST',
    path: '/staff/categories',
    body: { name: 'Spices' },
    request: CreateCategorySchema,
    status: 201,
    answer: StaffCategorySchema,
  },
  {
    ...member,
    name: 'the owner moves a category first',
    method: 'PATCH',
    path: '/staff/categories/3',
    body: { position: 1 },
    request: UpdateCategorySchema,
    answer: StaffCategorySchema,
  },
  {
    ...member,
    name: 'an empty category is deleted',
    method: 'DELETE',
    path: '/staff/categories/4',
    answer: DeletedSchema,
  },
  {
    ...member,
    name: 'a category with products is not deleted',
    method: 'DELETE',
    path: '/staff/categories/1',
    status: 409,
    answer: ErrorBodySchema,
  },
];
