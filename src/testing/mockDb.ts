/**
 * The mock backend's in-memory database and the helpers every group of handlers shares
 * (handlers.ts and the handler files it gathers). `mockDb` starts as a copy of the fixtures;
 * `resetMockDb()` restores it, and with it the state each handler file registered with
 * `onMockDbReset`.
 */
import {
  HttpResponse,
  type DefaultBodyType,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import type {
  Affiliate,
  CartItem,
  Delivery,
  Order,
  OrderItem,
  PickupContact,
  Product,
  User,
  ValidationIssue,
  Verification,
  WishlistEntry,
} from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import type { ServiceName } from '../config/env';
import {
  apiUrl,
  fixtureAffiliate,
  fixtureAuthToken,
  fixtureCart,
  fixtureCredentials,
  fixtureDelivery,
  fixtureOrderItems,
  fixtureOrders,
  fixtureProducts,
  fixtureUser,
  fixtureWishlist,
} from './fixtures';

export interface Account {
  id: number;
  email: string;
  password: string;
  firstName: string;
  verified: boolean;
}

export interface MockDb {
  products: Product[];
  cartLines: CartItem[];
  wishlist: WishlistEntry[];
  user: User;
  accounts: Account[];
  /** Tokens the mock accepts. */
  tokens: Set<string>;
  delivery: Delivery | null;
  /** Who collects pickup orders; null until the shopper says. */
  pickupContact: PickupContact | null;
  orders: Order[];
  orderItems: Record<number, OrderItem[]>;
  /** null: the shopper has not joined the affiliate programme (details answer 404). */
  affiliate: Affiliate | null;
  transactions: Map<string, Verification>;
  nextId: number;
}

function freshDb(): MockDb {
  return {
    products: structuredClone(fixtureProducts),
    cartLines: structuredClone(fixtureCart.all_cart_data),
    wishlist: structuredClone(fixtureWishlist),
    user: structuredClone(fixtureUser),
    accounts: [
      {
        id: fixtureUser.id,
        email: fixtureCredentials.username,
        password: fixtureCredentials.password,
        firstName: fixtureUser.first_name,
        verified: true,
      },
    ],
    tokens: new Set([fixtureAuthToken]),
    delivery: structuredClone(fixtureDelivery),
    pickupContact: null,
    orders: structuredClone(fixtureOrders),
    orderItems: structuredClone(fixtureOrderItems),
    affiliate: structuredClone(fixtureAffiliate),
    transactions: new Map(),
    nextId: 1000,
  };
}

export const mockDb: MockDb = freshDb();

const resets: (() => void)[] = [];

/** A handler file's own state, put back whenever the mock database is. */
export function onMockDbReset(reset: () => void): void {
  resets.push(reset);
}

/** Back to the fixtures: every test (and story) starts from the same data. */
export function resetMockDb(): void {
  Object.assign(mockDb, freshDb());
  for (const reset of resets) reset();
}

// ------------------------------------------------------------------ helpers

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const nextId = () => (mockDb.nextId += 1);

export const detail = (text: string, status: number) =>
  HttpResponse.json({ detail: text }, { status });
export const invalid = (issues: ValidationIssue[]) =>
  HttpResponse.json({ detail: issues }, { status: 422 });
export const issue = (field: string, msg: string, type = 'value_error'): ValidationIssue => ({
  loc: ['body', field],
  msg,
  type,
});
export const message = (text: string) => HttpResponse.json({ message: text });

export function isSignedIn(request: Request): boolean {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && match[1] !== undefined && mockDb.tokens.has(match[1]);
}

/** Wraps a resolver so it answers 401 without a token the mock issued. */
export function signedIn<Params extends PathParams<keyof Params>, Body extends DefaultBodyType>(
  resolver: HttpResponseResolver<Params, Body, undefined>,
): HttpResponseResolver<Params, Body, undefined> {
  return (info) => {
    if (!isSignedIn(info.request)) return detail(ERROR_DETAILS.credentials, 401);
    return resolver(info);
  };
}

export const url = (path: string, service: ServiceName) => apiUrl(path, service);

export function productSummary(p: Product): WishlistEntry['product'] {
  return {
    id: p.id,
    slug: p.slug,
    images: p.images,
    name: p.name,
    amount: p.amount,
    inventory_stock: p.inventory_stock,
  };
}
