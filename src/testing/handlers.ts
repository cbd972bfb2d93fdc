/**
 * MSW handlers answering the whole backend contract (docs/product.md#calls) from an in-memory
 * copy of the fixtures, shared by jest and Storybook. The copy is stateful, so flows work:
 * add to cart, then the cart shows it; check out, then the orders show the new order.
 *
 * State: `mockDb` starts as a copy of the fixtures and `resetMockDb()` restores it. Under
 * jest, src/testing/server.ts calls resetMockDb before every test; a Storybook loader or a
 * story that changes data should call it too. Tests may edit `mockDb` directly (e.g.
 * `mockDb.affiliate = null` for a shopper who has not joined) or override one handler with
 * `server.use(...)` for failure paths.
 *
 * Calls that need a shopper check the bearer token, as the real server does: a missing or
 * unknown token gets 401 {"detail": "Could not validate credentials"}.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  AddCartItem,
  Category,
  AffiliateRegistration,
  CartItem,
  CheckoutRequest,
  CreateWishlist,
  CustomerUpdate,
  DeliveryInput,
  EmailVerificationRequest,
  GuestCartMerge,
  GuestCartMergeResult,
  MergedLine,
  InitializeTransactionRequest,
  InitializeTransactionResponse,
  LoginResponse,
  Order,
  PickupContact,
  PaymentRequestResponse,
  Product,
  ProductPage,
  Registration,
  ResetPasswordRequest,
  SandboxPayRequest,
  SearchSuggestions,
  SendOtpRequest,
  UpdateCartItem,
  ValidationIssue,
  Verification,
  WishlistEntry,
} from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { FIELD_MESSAGES } from 'contract/messages';
import {
  asksForPage,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PRICE_NAIRA,
  MAX_SEARCH_SUGGESTIONS,
  OYO_STATE,
  PAYSTACK_CHANNELS,
  PRODUCT_SORTS,
  type ProductSort,
} from 'contract/rules';
import { isAccountNumber, isAffiliateCode, isEmail, isNigerianMobile } from '../lib/validation';
import {
  cartOf,
  cartProductOf,
  fixtureAuthToken,
  fixtureCredentials,
  fixtureOtp,
  fixtureUser,
  unitPrice,
} from './fixtures';
import {
  detail,
  invalid,
  issue,
  message,
  mockDb,
  nextId,
  onMockDbReset,
  productSummary,
  round2,
  signedIn,
  url,
} from './mockDb';
import { notificationHandlers } from './notificationHandlers';
import {
  mockDestination,
  mockFee,
  orderHandlers,
  paidOnlineProgress,
  recordOrderEvent,
} from './orderHandlers';
import { staffHandlers } from './staffHandlers';
import { shopSettingsHandlers } from './backOffice/shopSettingsHandlers';
import { moneyHandlers } from './backOffice/moneyHandlers';
import { catalogueHandlers } from './backOffice/productsHandlers';
import { staffAccountsHandlers } from './backOffice/staffAccountsHandlers';

export { mockDb, resetMockDb } from './mockDb';

function stockDetail(p: Product, alreadyInCart: number): string {
  if (p.inventory_stock === 0) return ERROR_DETAILS.outOfStock;
  return alreadyInCart > 0
    ? `Only ${p.inventory_stock} left in stock (you already have ${alreadyInCart} in your cart)`
    : `Only ${p.inventory_stock} left in stock`;
}

function paymentNotDoneDetail(status: Verification['status']): string {
  if (status === 'pending') return 'This payment has not been completed yet';
  if (status === 'abandoned') return 'This payment was abandoned, so no order was placed';
  return 'This payment failed, so no order was placed';
}

async function readLogin(request: Request): Promise<{ username: string; password: string }> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body: unknown = await request.json();
    if (typeof body === 'object' && body !== null) {
      const username = 'username' in body ? String(body.username) : '';
      const password = 'password' in body ? String(body.password) : '';
      return { username, password };
    }
    return { username: '', password: '' };
  }
  const form = new URLSearchParams(await request.text());
  return { username: form.get('username') ?? '', password: form.get('password') ?? '' };
}

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">' +
  '<rect width="300" height="300" fill="#e8f5e9"/><circle cx="150" cy="150" r="80" fill="#66bb6a"/></svg>';

// ------------------------------------------------------------------ product listing

const searchWords = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);

/** The mock's ranking: a name match above a description or category match (plain matching). */
function searchScore(p: Product, words: string[]): number {
  const name = p.name.toLowerCase();
  const rest = `${p.description} ${p.category}`.toLowerCase();
  let score = 0;
  for (const w of words) {
    if (name.includes(w)) score += 2;
    else if (rest.includes(w)) score += 1;
    else return 0;
  }
  return score;
}

/** The mock's search: each product's score (0: no match) and the order best first. */
function searchRanking(words: string[]) {
  const scores = new Map(mockDb.products.map((p) => [p.id, searchScore(p, words)]));
  const score = (p: Product) => scores.get(p.id) ?? 0;
  return { score, bestFirst: (a: Product, b: Product) => score(b) - score(a) || a.id - b.id };
}

const discountShare = (p: Product) => (p.amount > 0 ? (p.disc_amount ?? 0) / p.amount : 0);

const PAGE_SORTS: Record<Exclude<ProductSort, 'relevance'>, (a: Product, b: Product) => number> = {
  featured: (a, b) => a.id - b.id,
  price_asc: (a, b) => unitPrice(a) - unitPrice(b) || a.id - b.id,
  price_desc: (a, b) => unitPrice(b) - unitPrice(a) || a.id - b.id,
  discount: (a, b) => discountShare(b) - discountShare(a) || a.id - b.id,
  newest: (a, b) => b.id - a.id,
  rating: (a, b) => b.ratings - a.ratings || a.id - b.id,
};

/** A number parameter, undefined when absent, NaN when not a number in range. */
function numberParam(params: URLSearchParams, name: string, min: number, max: number) {
  const text = params.get(name);
  if (text === null) return undefined;
  const value = Number(text);
  return text.trim() !== '' && value >= min && value <= max ? value : Number.NaN;
}

function booleanParam(params: URLSearchParams, name: string) {
  const text = params.get(name);
  if (text === null) return undefined;
  return text === 'true' ? true : text === 'false' ? false : null;
}

/**
 * GET /get-all-products with page parameters, as the reference server answers it (plain
 * substring matching stands in for its forgiving search): a page, or the issues (422).
 */
function productPage(params: URLSearchParams): ProductPage | { issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const bad = (field: string, msg: string) =>
    issues.push({ loc: ['query', field], msg, type: 'value_error' });
  const typed = (params.get('q') ?? '').trim();
  const words = searchWords(typed);
  const category = params.get('category');
  const minPrice = numberParam(params, 'min_price', 0, MAX_PRICE_NAIRA);
  const maxPrice = numberParam(params, 'max_price', 0, MAX_PRICE_NAIRA);
  const inStock = booleanParam(params, 'in_stock');
  const discounted = booleanParam(params, 'discounted');
  const limit = numberParam(params, 'limit', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
  const offset = numberParam(params, 'offset', 0, 10_000_000) ?? 0;
  const sortText = params.get('sort') ?? (words.length > 0 ? 'relevance' : 'featured');
  const sort = PRODUCT_SORTS.find((s) => s === sortText);
  if (category !== null && category.length === 0) bad('category', 'Name a category');
  if (Number.isNaN(minPrice)) bad('min_price', 'Expected a price in naira');
  if (Number.isNaN(maxPrice)) bad('max_price', 'Expected a price in naira');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    bad('max_price', 'The highest price must not be below the lowest price');
  }
  if (inStock === null) bad('in_stock', 'Expected true or false');
  if (discounted === null) bad('discounted', 'Expected true or false');
  if (!Number.isInteger(limit)) bad('limit', `Expected a whole number from 1 to ${MAX_PAGE_SIZE}`);
  if (!Number.isInteger(offset)) bad('offset', 'Expected a whole number from 0');
  if (sort === undefined) bad('sort', `Expected one of ${PRODUCT_SORTS.join(', ')}`);
  if (sort === 'relevance' && words.length === 0) {
    bad('sort', 'Sorting by relevance needs a search text (q)');
  }
  if (issues.length > 0 || sort === undefined) return { issues };

  const { score, bestFirst } = searchRanking(words);
  const found = mockDb.products.filter(
    (p) =>
      (words.length === 0 || score(p) > 0) &&
      (category === null || p.category === category) &&
      (minPrice === undefined || unitPrice(p) >= minPrice) &&
      (maxPrice === undefined || unitPrice(p) <= maxPrice) &&
      (inStock === undefined || p.inventory_stock > 0 === inStock) &&
      (discounted === undefined || (p.disc_amount ?? 0) > 0 === discounted),
  );
  found.sort(sort === 'relevance' ? bestFirst : PAGE_SORTS[sort]);
  // Nothing found for a search: the nearest names stand in for the server's similarity, here
  // those sharing the search's first three letters.
  const stem = words[0]?.slice(0, 3) ?? '';
  const suggestions =
    found.length === 0 && stem.length === 3
      ? mockDb.products.filter((p) => p.name.toLowerCase().includes(stem)).slice(0, 5)
      : [];
  return {
    items: found.slice(offset, offset + limit),
    total: found.length,
    limit,
    offset,
    sort,
    q: words.length > 0 ? typed : null,
    suggestions,
  };
}

// ------------------------------------------------------------------ products

const productHandlers = [
  http.get(url('/get-all-products', 'product'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    if (!asksForPage(params)) {
      // The whole catalogue, or every match to a search, best first.
      const words = searchWords(params.get('q') ?? '');
      if (words.length === 0) return HttpResponse.json(mockDb.products);
      const { score, bestFirst } = searchRanking(words);
      return HttpResponse.json(mockDb.products.filter((p) => score(p) > 0).sort(bestFirst));
    }
    const answer = productPage(params);
    return 'issues' in answer ? invalid(answer.issues) : HttpResponse.json(answer);
  }),
  http.get(url('/categories', 'product'), () => {
    const categories = new Map<string, Category>();
    for (const p of mockDb.products) {
      const c = categories.get(p.category) ?? {
        name: p.category,
        slug: p.category.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        image: null,
        products: 0,
        in_stock: 0,
      };
      c.products += 1;
      if (p.inventory_stock > 0) c.in_stock += 1;
      categories.set(p.category, c);
    }
    // As the server: only categories with something to sell.
    return HttpResponse.json([...categories.values()].filter((c) => c.in_stock > 0));
  }),
  http.get(url('/search-suggestions', 'product'), ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
    const words = searchWords(q);
    const suggestions =
      words.length === 0
        ? []
        : mockDb.products
            .filter((p) => words.every((w) => p.name.toLowerCase().includes(w)))
            .slice(0, MAX_SEARCH_SUGGESTIONS)
            .map(({ name, slug }) => ({ name, slug }));
    const answer: SearchSuggestions = { q, suggestions };
    return HttpResponse.json(answer);
  }),
  // Production by default, so screens show no demo notice unless a test asks for one.
  http.get(url('/health', 'product'), () =>
    HttpResponse.json({ status: 'ok', mode: 'production' }),
  ),
  http.get(url('/get-product/:slug', 'product'), ({ params }) => {
    const found = mockDb.products.find((p) => p.slug === params.slug);
    return found ? HttpResponse.json(found) : detail(ERROR_DETAILS.productNotFound, 404);
  }),
  http.get('*/api/images/products/:file', () =>
    HttpResponse.text(PLACEHOLDER_SVG, { headers: { 'content-type': 'image/svg+xml' } }),
  ),
];

// ------------------------------------------------------------------ cart

/** Merge ids already merged, with their answers (the server keeps them per user). */
const guestMerges = new Map<string, GuestCartMergeResult>();
onMockDbReset(() => guestMerges.clear());

const cartHandlers = [
  http.get(
    url('/all-carts', 'cart'),
    signedIn(() => HttpResponse.json(cartOf(mockDb.cartLines))),
  ),
  http.post<never, AddCartItem>(
    url('/add-cart', 'cart'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const p = mockDb.products.find((item) => item.id === body.product_id);
      if (!p) return detail(ERROR_DETAILS.productNotFound, 404);
      if (!Number.isInteger(body.quantity) || body.quantity < 1) {
        return invalid([issue('quantity', FIELD_MESSAGES.quantity)]);
      }
      const existing = mockDb.cartLines.find((l) => l.product.id === p.id);
      const quantity = (existing?.quantity ?? 0) + body.quantity;
      if (p.inventory_stock < quantity) return detail(stockDetail(p, existing?.quantity ?? 0), 409);
      const line: CartItem = existing ?? {
        id: nextId(),
        quantity,
        total_amount: 0,
        product: cartProductOf(p),
      };
      line.quantity = quantity;
      line.total_amount = round2(unitPrice(p) * quantity);
      if (!existing) mockDb.cartLines.push(line);
      return HttpResponse.json(line);
    }),
  ),
  // A guest's kept cart at log in, as the reference server merges it (routes/cartMerge.ts).
  http.post<never, GuestCartMerge>(
    url('/cart/merge', 'cart'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const before = guestMerges.get(body.merge_id);
      if (before) return HttpResponse.json({ ...before, repeated: true });
      const lines = body.lines.map((asked): MergedLine => {
        const p = mockDb.products.find((item) => item.id === asked.product_id);
        if (!p) {
          const gone = { name: null, added: 0, in_cart: 0, stock: 0 };
          return {
            product_id: asked.product_id,
            requested: asked.quantity,
            ...gone,
            capped: 'unavailable',
          };
        }
        const existing = mockDb.cartLines.find((l) => l.product.id === p.id);
        const already = existing?.quantity ?? 0;
        const added = Math.min(asked.quantity, Math.max(0, p.inventory_stock - already));
        if (added > 0) {
          const line: CartItem = existing ?? {
            id: nextId(),
            quantity: 0,
            total_amount: 0,
            product: cartProductOf(p),
          };
          line.quantity = already + added;
          line.total_amount = round2(unitPrice(p) * line.quantity);
          if (!existing) mockDb.cartLines.push(line);
        }
        return {
          product_id: p.id,
          name: p.name,
          requested: asked.quantity,
          added,
          in_cart: already + added,
          stock: p.inventory_stock,
          capped: added === asked.quantity ? null : 'stock',
        };
      });
      const answer: GuestCartMergeResult = { merge_id: body.merge_id, repeated: false, lines };
      guestMerges.set(body.merge_id, answer);
      return HttpResponse.json(answer);
    }),
  ),
  http.patch<{ id: string }, UpdateCartItem>(
    url('/update-cart/:id', 'cart'),
    signedIn(async ({ request, params }) => {
      const body = await request.json();
      const existing = mockDb.cartLines.find((l) => l.id === Number(params.id));
      if (!existing) return detail(ERROR_DETAILS.cartItemNotFound, 404);
      if (!Number.isInteger(body.quantity) || body.quantity < 1) {
        return invalid([issue('quantity', FIELD_MESSAGES.quantity)]);
      }
      const p = mockDb.products.find((item) => item.id === existing.product.id);
      if (p && p.inventory_stock < body.quantity) return detail(stockDetail(p, 0), 409);
      existing.quantity = body.quantity;
      existing.total_amount = round2((p ? unitPrice(p) : existing.product.amount) * body.quantity);
      return HttpResponse.json(existing);
    }),
  ),
  http.delete<{ id: string }>(
    url('/delete-cart/:id', 'cart'),
    signedIn(({ params }) => {
      const before = mockDb.cartLines.length;
      mockDb.cartLines = mockDb.cartLines.filter((l) => l.id !== Number(params.id));
      return mockDb.cartLines.length === before
        ? detail(ERROR_DETAILS.cartItemNotFound, 404)
        : message('Item removed from your cart');
    }),
  ),
  http.post<never, CheckoutRequest>(
    url('/checkout', 'cart'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const payment = mockDb.transactions.get(body.reference_id);
      if (!payment) return detail(ERROR_DETAILS.transactionNotFound, 404);
      // The same payment twice (callback and retry) gives the same order, never a second one.
      const placed = mockDb.orders.find((o) => o.reference === body.reference_id);
      if (placed) return HttpResponse.json(placed);
      if (payment.status !== 'success') return detail(paymentNotDoneDetail(payment.status), 400);
      if (mockDb.cartLines.length === 0) return detail(ERROR_DETAILS.cartEmpty, 400);
      const cart = cartOf(mockDb.cartLines);
      const fee = mockFee(body.delivery_model);
      const progress = paidOnlineProgress(
        mockDb.cartLines.map((l) => ({ total_price: l.total_amount })),
        fee,
      );
      const order: Order = {
        id: nextId(),
        status: 'Placed',
        ...progress,
        order_date: new Date().toISOString(),
        total_amount: round2(cart.price_after_vat + fee),
        delivery_model: body.delivery_model,
        reference: body.reference_id,
        deliveries: mockDestination(body.delivery_model),
      };
      mockDb.orderItems[order.id] = mockDb.cartLines.map((l) => ({
        id: nextId(),
        quantity: l.quantity,
        unit_price: round2(l.total_amount / l.quantity),
        total_price: l.total_amount,
        product: {
          id: l.product.id,
          slug: l.product.slug,
          images: l.product.images,
          name: l.product.name,
          vendor: l.product.vendor,
        },
      }));
      for (const l of mockDb.cartLines) {
        const p = mockDb.products.find((item) => item.id === l.product.id);
        if (p) p.inventory_stock = Math.max(0, p.inventory_stock - l.quantity);
      }
      mockDb.orders = [order, ...mockDb.orders];
      mockDb.cartLines = [];
      recordOrderEvent(order.id, {
        kind: 'status',
        status: 'placed',
        label: 'Placed',
        note: 'Paid online',
        at: order.order_date,
      });
      return HttpResponse.json(order);
    }),
  ),
];

// ------------------------------------------------------------------ wishlists

const wishlistHandlers = [
  http.get(
    url('/get-wishlists', 'wishlist'),
    signedIn(() => HttpResponse.json(mockDb.wishlist)),
  ),
  http.post<never, CreateWishlist>(
    url('/create-wishlist', 'wishlist'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const p = mockDb.products.find((item) => item.id === body.product_id);
      if (!p) return detail(ERROR_DETAILS.productNotFound, 404);
      if (mockDb.wishlist.some((e) => e.product.id === p.id)) {
        return detail(ERROR_DETAILS.wishlistDuplicate, 409);
      }
      const entry: WishlistEntry = {
        id: nextId(),
        created_at: new Date().toISOString(),
        product: productSummary(p),
      };
      mockDb.wishlist.push(entry);
      return HttpResponse.json(entry);
    }),
  ),
  http.delete<{ id: string }>(
    url('/delete-wishlist/:id', 'wishlist'),
    signedIn(({ params }) => {
      const before = mockDb.wishlist.length;
      mockDb.wishlist = mockDb.wishlist.filter((e) => e.id !== Number(params.id));
      return mockDb.wishlist.length === before
        ? detail(ERROR_DETAILS.wishlistNotFound, 404)
        : message('Item removed from your wishlist');
    }),
  ),
];

// ------------------------------------------------------------------ users

const userHandlers = [
  http.post<never, Registration>(url('/register', 'users'), async ({ request }) => {
    const body = await request.json();
    const issues: ValidationIssue[] = [];
    if (!isEmail(body.email)) {
      issues.push(issue('email', FIELD_MESSAGES.email));
    }
    if (body.password.length < 8) {
      issues.push(issue('password', FIELD_MESSAGES.password));
    }
    if (body.password !== body.cpassword) issues.push(issue('cpassword', 'Passwords do not match'));
    const code = (body.affiliate_code ?? '').trim().toLowerCase();
    if (code !== '' && code !== mockDb.affiliate?.code) {
      issues.push(issue('affiliate_code', 'This affiliate code does not exist'));
    }
    if (issues.length > 0) return invalid(issues);
    const email = body.email.trim().toLowerCase();
    // As the reference server: a taken email answers as a new one (its owner is emailed).
    if (!mockDb.accounts.some((a) => a.email === email)) {
      mockDb.accounts.push({
        id: nextId(),
        email,
        password: body.password,
        firstName: body.first_name,
        verified: false,
      });
    }
    return HttpResponse.json({
      message: `Check ${email}: we sent you a 6-digit code to activate your account. If you already have an account, the email says how to log in instead.`,
    });
  }),
  http.post<never, SendOtpRequest>(url('/send-otp', 'users'), async ({ request }) => {
    const body = await request.json();
    const email = body.user_email.trim().toLowerCase();
    if (!isEmail(email)) return invalid([issue('user_email', FIELD_MESSAGES.email)]);
    // As the reference server: the same answer whether or not the account exists, so the
    // call cannot tell anyone which emails have accounts.
    const where =
      body.email_channel === 'sms'
        ? 'by SMS to its mobile number, or by email if that number is not confirmed yet'
        : 'by email';
    return message(
      `If an account uses ${email}, we have sent it a 6-digit code ${where}. The code expires in 10 minutes.`,
    );
  }),
  http.post<never, EmailVerificationRequest>(
    url('/email-verification', 'users'),
    async ({ request }) => {
      const body = await request.json();
      const account = mockDb.accounts.find((a) => a.email === body.user_email.toLowerCase());
      if (!account || body.user_otp !== fixtureOtp) {
        return detail(ERROR_DETAILS.invalidOtp, 400);
      }
      account.verified = true;
      return message('Account activated. You can now log in.');
    },
  ),
  http.post(url('/login', 'users'), async ({ request }) => {
    const { username, password } = await readLogin(request);
    const account = mockDb.accounts.find((a) => a.email === username.toLowerCase());
    if (!account || account.password !== password) {
      return detail(ERROR_DETAILS.incorrectLogin, 401);
    }
    if (!account.verified) return detail(ERROR_DETAILS.notActivated, 403);
    const token = account.id === fixtureUser.id ? fixtureAuthToken : `test-token-${account.id}`;
    mockDb.tokens.add(token);
    const answer: LoginResponse = {
      access_token: token,
      token_type: 'bearer',
      user_details: { id: account.id, firstname: account.firstName },
    };
    return HttpResponse.json(answer);
  }),
  http.post<never, ResetPasswordRequest>(url('/reset-password', 'users'), async ({ request }) => {
    const body = await request.json();
    const account = mockDb.accounts.find((a) => a.email === body.email.toLowerCase());
    if (!account || body.otp !== fixtureOtp) return detail(ERROR_DETAILS.invalidOtp, 400);
    if (body.password.length < 8) {
      return invalid([issue('password', FIELD_MESSAGES.password)]);
    }
    account.password = body.password;
    return message('Password reset. Log in with your new password.');
  }),
  http.post(
    url('/logout', 'users'),
    signedIn(({ request }) => {
      mockDb.tokens.delete((request.headers.get('authorization') ?? '').replace(/^Bearer /, ''));
      return message('Log out successful');
    }),
  ),
  http.get(
    url('/user/me', 'users'),
    signedIn(() => HttpResponse.json(mockDb.user)),
  ),
  http.patch<never, CustomerUpdate>(
    url('/customer-update', 'users'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      if (body.user_id !== mockDb.user.id)
        return detail('You can only update your own account', 403);
      // Compared as the server stores numbers: +234803... and 0803... are the same number.
      const local = (n: string) => n.replace(/^\+?234/, '0');
      const newMobile =
        body.mobile_number !== undefined &&
        local(body.mobile_number) !== local(mockDb.user.mobile_number);
      if (newMobile && !body.password) {
        return invalid([
          issue('password', 'Enter your current password to change your mobile number'),
        ]);
      }
      if (newMobile && body.password !== fixtureCredentials.password) {
        return invalid([issue('password', 'That is not your current password')]);
      }
      if (body.mobile_number !== undefined) mockDb.user.mobile_number = body.mobile_number;
      if (body.age !== undefined) mockDb.user.age = body.age;
      if (body.gender !== undefined) mockDb.user.gender = body.gender;
      return HttpResponse.json(mockDb.user);
    }),
  ),
];

// ------------------------------------------------------------------ orders and order items

const orderListHandlers = [
  http.get(
    url('/orders', 'orders'),
    signedIn(() => HttpResponse.json(mockDb.orders)),
  ),
  http.get<{ orderId: string }>(
    url('/order_item/:orderId', 'orderItems'),
    signedIn(({ params }) => {
      const items = mockDb.orderItems[Number(params.orderId)];
      return items ? HttpResponse.json(items) : detail(ERROR_DETAILS.orderNotFound, 404);
    }),
  ),
];

// ------------------------------------------------------------------ delivery

function deliveryIssues(body: DeliveryInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (body.address.trim() === '') {
    issues.push(issue('address', FIELD_MESSAGES.address));
  }
  // Typed as the one state the contract allows; a request can still carry another.
  const state: string = body.state;
  if (state !== OYO_STATE) issues.push(issue('state', `Input should be '${OYO_STATE}'`));
  return issues;
}

const deliveryHandlers = [
  http.get(
    url('/get-delivery', 'delivery'),
    signedIn(() =>
      mockDb.delivery
        ? HttpResponse.json(mockDb.delivery)
        : detail(ERROR_DETAILS.deliveryMissing, 404),
    ),
  ),
  http.post<never, DeliveryInput>(
    url('/delivery', 'delivery'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const issues = deliveryIssues(body);
      if (issues.length > 0) return invalid(issues);
      if (mockDb.delivery) return detail(ERROR_DETAILS.deliveryExists, 409);
      mockDb.delivery = { id: nextId(), ...body };
      return HttpResponse.json(mockDb.delivery);
    }),
  ),
  http.patch<{ id: string }, DeliveryInput>(
    url('/update-delivery/:id', 'delivery'),
    signedIn(async ({ request, params }) => {
      const body = await request.json();
      if (!mockDb.delivery || mockDb.delivery.id !== Number(params.id)) {
        return detail(ERROR_DETAILS.deliveryNotFound, 404);
      }
      const issues = deliveryIssues(body);
      if (issues.length > 0) return invalid(issues);
      mockDb.delivery = { ...mockDb.delivery, ...body };
      return HttpResponse.json(mockDb.delivery);
    }),
  ),
  http.get(
    url('/pickup-contact', 'delivery'),
    signedIn(() =>
      mockDb.pickupContact
        ? HttpResponse.json(mockDb.pickupContact)
        : detail(ERROR_DETAILS.pickupContactMissing, 404),
    ),
  ),
  http.put<never, PickupContact>(
    url('/pickup-contact', 'delivery'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const issues: ValidationIssue[] = [];
      if (body.name.trim() === '') {
        issues.push(
          issue('name', 'Enter the name of whoever collects the order (1 to 80 characters)'),
        );
      }
      if (!isNigerianMobile(body.mobile_number))
        issues.push(issue('mobile_number', FIELD_MESSAGES.mobile));
      if (issues.length > 0) return invalid(issues);
      mockDb.pickupContact = { name: body.name.trim(), mobile_number: body.mobile_number };
      return HttpResponse.json(mockDb.pickupContact);
    }),
  ),
];

// ------------------------------------------------------------------ payment

const paymentHandlers = [
  http.post<never, InitializeTransactionRequest>(
    url('/initialize-transaction', 'payment'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      if (body.userid !== mockDb.user.id) return detail('Unknown user', 400);
      if (mockDb.cartLines.length === 0) return detail(ERROR_DETAILS.cartEmpty, 400);
      const id = nextId();
      const reference = `ibm-test-${id}`;
      const amount = Math.round(
        (cartOf(mockDb.cartLines).price_after_vat + mockFee(body.delivery_method)) * 100,
      );
      mockDb.transactions.set(reference, {
        reference,
        status: 'pending',
        amount,
        currency: 'NGN',
        paid_at: null,
        channel: null,
      });
      const answer: InitializeTransactionResponse = {
        provider: 'sandbox',
        transaction_data: {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/sandbox-${id}`,
            access_code: `sandbox-${id}`,
            reference,
          },
        },
        user_data: { email: mockDb.user.email, amount },
      };
      return HttpResponse.json(answer);
    }),
  ),
  http.get(
    url('/verify-transaction', 'payment'),
    signedIn(({ request }) => {
      const reference = new URL(request.url).searchParams.get('reference') ?? '';
      const found = mockDb.transactions.get(reference);
      return found ? HttpResponse.json(found) : detail(ERROR_DETAILS.transactionNotFound, 404);
    }),
  ),
  http.post<{ reference: string }>(
    url('/sandbox/pay/:reference', 'payment'),
    signedIn(async ({ params, request }) => {
      // As the server: the body is checked before the transaction is looked for.
      const body: unknown = JSON.parse((await request.text()) || '{}');
      const fields = typeof body === 'object' && body !== null ? (body as SandboxPayRequest) : {};
      if (
        fields.channel !== undefined &&
        !(PAYSTACK_CHANNELS as readonly unknown[]).includes(fields.channel)
      ) {
        return invalid([issue('channel', 'Choose card, bank transfer or USSD')]);
      }
      const found = mockDb.transactions.get(params.reference);
      if (!found) return detail(ERROR_DETAILS.transactionNotFound, 404);
      const failed = fields.outcome === 'failed';
      found.status = failed ? 'failed' : 'success';
      found.paid_at = failed ? null : new Date().toISOString();
      found.channel = fields.channel ?? null;
      return HttpResponse.json(found);
    }),
  ),
];

// ------------------------------------------------------------------ affiliates

const affiliateHandlers = [
  http.get(
    url('/affiliate-details', 'affiliates'),
    signedIn(() =>
      mockDb.affiliate
        ? HttpResponse.json(mockDb.affiliate)
        : detail(ERROR_DETAILS.affiliateNotFound, 404),
    ),
  ),
  http.post<never, AffiliateRegistration>(
    url('/affiliate-registration', 'affiliates'),
    signedIn(async ({ request }) => {
      const body = await request.json();
      const issues: ValidationIssue[] = [];
      if (!isAffiliateCode(body.affiliate_code)) {
        issues.push(
          issue('affiliate_code', FIELD_MESSAGES.affiliateCode, 'string_pattern_mismatch'),
        );
      }
      try {
        const details: unknown = JSON.parse(body.account_details);
        if (
          typeof details !== 'object' ||
          details === null ||
          !('account_number' in details) ||
          !isAccountNumber(String(details.account_number))
        ) {
          issues.push(issue('account_details', FIELD_MESSAGES.accountNumber));
        }
      } catch {
        issues.push(issue('account_details', 'Account details must be JSON text'));
      }
      if (issues.length > 0) return invalid(issues);
      if (mockDb.affiliate) return detail(ERROR_DETAILS.affiliateExists, 409);
      mockDb.affiliate = {
        code: body.affiliate_code.toLowerCase(),
        month_generated: 0,
        total_generated: 0,
        total_paid: 0,
        acount_details: body.account_details,
      };
      return HttpResponse.json(mockDb.affiliate);
    }),
  ),
  http.get(
    url('/request-payment', 'affiliates'),
    signedIn(() => {
      const affiliate = mockDb.affiliate;
      if (!affiliate) return detail(ERROR_DETAILS.affiliateNotFound, 404);
      if (affiliate.month_generated <= 0) return detail(ERROR_DETAILS.nothingToPay, 400);
      const answer: PaymentRequestResponse = {
        message: 'Payment request received',
        payout: {
          id: nextId(),
          amount: affiliate.month_generated,
          status: 'pending',
          created_at: new Date().toISOString(),
        },
      };
      affiliate.total_paid = round2(affiliate.total_paid + affiliate.month_generated);
      affiliate.month_generated = 0;
      return HttpResponse.json(answer);
    }),
  ),
];

// ------------------------------------------------------------------ contact form (EmailJS)

const contactHandlers = [
  http.post('*/api/v1.0/email/send', () => HttpResponse.text('OK')),
  http.post('*/api/v1.0/email/send-form', () => HttpResponse.text('OK')),
];

export const handlers: RequestHandler[] = [
  ...productHandlers,
  ...cartHandlers,
  ...wishlistHandlers,
  ...userHandlers,
  ...orderListHandlers,
  ...orderHandlers,
  ...deliveryHandlers,
  ...paymentHandlers,
  ...affiliateHandlers,
  ...contactHandlers,
  ...notificationHandlers,
  ...staffHandlers,
  ...shopSettingsHandlers,
  ...moneyHandlers,
  ...catalogueHandlers,
  ...staffAccountsHandlers,
];
