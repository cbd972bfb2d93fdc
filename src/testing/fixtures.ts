/**
 * Realistic data for tests and stories: a Bodija grocery's shelf priced in naira, and one
 * signed-in shopper (Adebayo) with a cart, saved items, orders, a delivery location and an
 * affiliate account. The MSW handlers serve (copies of) these; tests compare against them.
 */
import type {
  Affiliate,
  Cart,
  CartItem,
  Delivery,
  Order,
  OrderEvent,
  OrderItem,
  Product,
  ShopInfo,
  User,
  Vendor,
  WishlistEntry,
} from 'contract';
import {
  DELIVERY_AND_PACKAGING_NAIRA,
  DELIVERY_AREA_NAMES,
  DELIVERY_CITIES,
  VAT_RATE,
} from 'contract/rules';
import { env, type ServiceName } from '../config/env';
import type { SessionState } from '../state/sessionSlice';
import { absoluteBaseUrl } from '../services/serviceAddress';

/** The absolute URL a service's path is requested at, e.g. apiUrl('/all-carts', 'cart'). */
export function apiUrl(path: string, service: ServiceName = 'product'): string {
  return `${absoluteBaseUrl(env.apiBaseUrls[service])}/${path.replace(/^\/+/, '')}`;
}

export const fixtureVendor: Vendor = {
  id: 1,
  name: 'Bodija Fresh Foods',
  address: '14 Bodija Market Road, Bodija, Ibadan, Oyo State',
  phone: '+234 803 000 1234',
  description:
    'Family-run stall in Bodija Market supplying grains, oils and fresh produce since 1998.',
};

const image = (name: string) => `/api/images/products/${name}.svg`;

function product(
  id: number,
  slug: string,
  name: string,
  amount: number,
  disc_amount: number | null,
  ratings: number,
  inventory_stock: number,
  category: string,
  description: string,
): Product {
  return {
    id,
    slug,
    name,
    images: image(slug),
    amount,
    disc_amount,
    ratings,
    inventory_stock,
    description,
    category,
    vendor: fixtureVendor,
  };
}

/** Twelve products; 'ofada-rice-5kg' is out of stock, several are discounted. */
export const fixtureProducts: Product[] = [
  product(
    1,
    'ijebu-garri-5kg',
    'Ijebu Garri (5 kg)',
    6500,
    500,
    5,
    40,
    'Grains',
    'Crisp, sour white garri from Ijebu-Ode, sieved and dried.',
  ),
  product(
    2,
    'ofada-rice-5kg',
    'Ofada Rice (5 kg)',
    12500,
    null,
    4,
    0,
    'Grains',
    'Locally grown unpolished Ofada rice, stone-free.',
  ),
  product(
    3,
    'red-palm-oil-1l',
    'Red Palm Oil (1 litre)',
    3200,
    200,
    4,
    25,
    'Oils',
    'Fresh, unadulterated red palm oil from Oyo farms.',
  ),
  product(
    4,
    'oloyin-beans-2kg',
    'Oloyin Honey Beans (2 kg)',
    5800,
    null,
    5,
    30,
    'Grains',
    'Sweet brown honey beans, picked and cleaned.',
  ),
  product(
    5,
    'puna-yam-tuber',
    'Puna Yam (1 large tuber)',
    4500,
    500,
    3,
    18,
    'Tubers',
    'A large tuber of Puna yam, good for pounding and frying.',
  ),
  product(
    6,
    'ripe-plantain-bunch',
    'Ripe Plantain (bunch)',
    3800,
    null,
    4,
    12,
    'Fresh produce',
    'A bunch of ripe plantain, ready for dodo.',
  ),
  product(
    7,
    'fresh-tomatoes-basket',
    'Fresh Tomatoes (small basket)',
    9000,
    1000,
    2,
    8,
    'Fresh produce',
    'A small basket of firm tomatoes from the north.',
  ),
  product(
    8,
    'ground-crayfish-500g',
    'Ground Crayfish (500 g)',
    4200,
    null,
    5,
    22,
    'Spices',
    'Dried and finely ground crayfish for soups and stews.',
  ),
  product(
    9,
    'egusi-seeds-1kg',
    'Peeled Egusi (1 kg)',
    5500,
    300,
    4,
    16,
    'Spices',
    'Clean peeled melon seeds for egusi soup.',
  ),
  product(
    10,
    'indomie-chicken-carton',
    'Indomie Chicken Noodles (carton of 40)',
    9800,
    null,
    4,
    50,
    'Packaged food',
    'A carton of forty 70 g packs.',
  ),
  product(
    11,
    'peak-milk-tin-12',
    'Peak Evaporated Milk (12 tins)',
    7200,
    0,
    0,
    35,
    'Dairy',
    'Twelve 160 g tins of full cream evaporated milk.',
  ),
  product(
    12,
    'smoked-catfish-pair',
    'Smoked Catfish (pair)',
    6000,
    null,
    3,
    10,
    'Fish',
    'Two medium catfish, smoked over wood fire.',
  ),
];

function productById(id: number): Product {
  const found = fixtureProducts.find((p) => p.id === id);
  if (!found) throw new Error(`No fixture product ${id}`);
  return found;
}

/** The cart shape of a product (what the cart endpoint nests in each line). */
export function cartProductOf(p: Product): CartItem['product'] {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    images: p.images,
    amount: p.amount,
    inventory_stock: p.inventory_stock,
    vendor: { name: p.vendor.name },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What one item costs in the cart: amount less the saving (disc_amount). */
export function unitPrice(p: Pick<Product, 'amount' | 'disc_amount'>): number {
  return round2(p.amount - (p.disc_amount ?? 0));
}

/** A cart response from its lines, with VAT as the server computes it. */
export function cartOf(lines: CartItem[]): Cart {
  const before = round2(lines.reduce((sum, l) => sum + l.total_amount, 0));
  const vat = round2(before * VAT_RATE);
  return {
    price_before_vat: before,
    vat_value: vat,
    price_after_vat: round2(before + vat),
    all_cart_data: lines,
  };
}

function line(id: number, productId: number, quantity: number): CartItem {
  const p = productById(productId);
  return { id, quantity, total_amount: round2(unitPrice(p) * quantity), product: cartProductOf(p) };
}

/** Two bags of garri (₦6,000 each after the saving) and a litre of palm oil (₦3,000): ₦15,000 before VAT. */
export const fixtureCart: Cart = cartOf([line(101, 1, 2), line(102, 3, 1)]);

export const fixtureWishlist: WishlistEntry[] = [
  {
    id: 201,
    created_at: '2026-11-02T09:15:00.000Z',
    product: (({ id, slug, images, name, amount, inventory_stock }) => ({
      id,
      slug,
      images,
      name,
      amount,
      inventory_stock,
    }))(productById(4)),
  },
  {
    id: 202,
    created_at: '2026-11-05T18:40:00.000Z',
    product: (({ id, slug, images, name, amount, inventory_stock }) => ({
      id,
      slug,
      images,
      name,
      amount,
      inventory_stock,
    }))(productById(2)),
  },
];

export const fixtureUser: User = {
  id: 7,
  first_name: 'Adebayo',
  last_name: 'Ogunleye',
  email: 'adebayo@example.ng',
  mobile_number: '08031234567',
  age: 34,
  gender: 'male',
};

/** What the mock login accepts. */
export const fixtureCredentials = { username: fixtureUser.email, password: 'Amala-2026' };
export const fixtureAuthToken = 'test-token-adebayo';
/** The OTP the mock accepts for activation and password reset. */
export const fixtureOtp = '123456';

/** A signed-in session for preloadedState: renderWithProviders(ui, { preloadedState: { session: signedInSession } }). */
export const signedInSession: SessionState = {
  authToken: fixtureAuthToken,
  userID: String(fixtureUser.id),
  userName: fixtureUser.first_name,
  productID: null,
  orderId: null,
  productSlug: null,
};

export const fixtureDelivery: Delivery = {
  id: 301,
  address: '12 Awolowo Avenue, Old Bodija',
  city: 'Ibadan-Bodija',
  state: 'Oyo State',
  mobile_number: '08031234567',
  alt_mobile_number: '08129876543',
};

const deliveries = {
  mobile_number: fixtureDelivery.mobile_number,
  alt_mobile_number: fixtureDelivery.alt_mobile_number,
  address: fixtureDelivery.address,
  city: fixtureDelivery.city,
  state: fixtureDelivery.state,
};

function orderItem(id: number, productId: number, quantity: number): OrderItem {
  const p = productById(productId);
  return {
    id,
    quantity,
    unit_price: unitPrice(p),
    total_price: round2(unitPrice(p) * quantity),
    product: {
      id: p.id,
      slug: p.slug,
      images: p.images,
      name: p.name,
      vendor: { name: p.vendor.name },
    },
  };
}

/** Order items keyed by order id. */
export const fixtureOrderItems: Record<number, OrderItem[]> = {
  401: [orderItem(501, 1, 1), orderItem(502, 8, 2), orderItem(503, 6, 1)],
  402: [orderItem(504, 9, 1), orderItem(505, 3, 1)],
};

/** What an order of these lines comes to: items, 7.5% VAT on them, delivery and packaging. */
export function orderAmountsOf(
  items: readonly Pick<OrderItem, 'total_price'>[],
  fee: number = DELIVERY_AND_PACKAGING_NAIRA,
) {
  const itemsTotal = round2(items.reduce((sum, item) => sum + item.total_price, 0));
  const vat = round2(itemsTotal * VAT_RATE);
  return {
    items: itemsTotal,
    vat,
    delivery_and_packaging: fee,
    total: round2(itemsTotal + vat + fee),
  };
}

const amounts401 = orderAmountsOf(fixtureOrderItems[401] ?? []);
const amounts402 = orderAmountsOf(fixtureOrderItems[402] ?? []);

/**
 * Adebayo's orders: one paid online and delivered, one to pay at pickup and confirmed. The
 * statuses are the words the page shows as they are.
 */
export const fixtureOrders: Order[] = [
  {
    id: 401,
    status: 'delivered',
    state: 'delivered',
    payment_method: 'online',
    payment_status: 'paid',
    payment_received_via: 'online',
    cancel_reason: null,
    amounts: amounts401,
    order_date: '2026-10-28T14:05:00.000Z',
    total_amount: amounts401.total,
    delivery_model: 'delivery',
    reference: 'ibm-401-a7f3',
    deliveries,
  },
  {
    id: 402,
    status: 'processing',
    state: 'confirmed',
    payment_method: 'at_pickup',
    payment_status: 'awaiting',
    payment_received_via: null,
    cancel_reason: null,
    amounts: amounts402,
    order_date: '2026-11-10T08:30:00.000Z',
    total_amount: amounts402.total,
    delivery_model: 'pickup',
    reference: 'ibm-402-c91d',
    deliveries,
  },
];

/** Each fixture order's timeline, oldest first, as the server keeps it. */
export const fixtureOrderEvents: Record<number, OrderEvent[]> = {
  401: [
    {
      kind: 'status',
      status: 'placed',
      label: 'Placed',
      note: 'Paid online',
      at: '2026-10-28T14:05:00.000Z',
    },
    {
      kind: 'status',
      status: 'confirmed',
      label: 'Confirmed',
      note: '',
      at: '2026-10-28T15:10:00.000Z',
    },
    { kind: 'status', status: 'packed', label: 'Packed', note: '', at: '2026-10-29T09:20:00.000Z' },
    {
      kind: 'status',
      status: 'out_for_delivery',
      label: 'Out for delivery',
      note: '',
      at: '2026-10-29T13:00:00.000Z',
    },
    {
      kind: 'status',
      status: 'delivered',
      label: 'Delivered',
      note: '',
      at: '2026-10-29T16:45:00.000Z',
    },
  ],
  402: [
    {
      kind: 'status',
      status: 'placed',
      label: 'Placed',
      note: 'Pay at pickup (cash or transfer)',
      at: '2026-11-10T08:30:00.000Z',
    },
    {
      kind: 'status',
      status: 'confirmed',
      label: 'Confirmed',
      note: '',
      at: '2026-11-10T09:02:00.000Z',
    },
  ],
};

/** What the shop says about itself (GET /shop), as the reference server's defaults. */
export const fixtureShopInfo: ShopInfo = {
  name: 'Ibadan Market',
  address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
  phone: '08030001234',
  whatsapp_number: '2348030001234',
  pickup: {
    address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
    opening_hours: 'Monday to Saturday, 8 am to 6 pm',
    fee: 0,
  },
  areas: DELIVERY_CITIES.map((city) => ({
    city,
    name: DELIVERY_AREA_NAMES[city],
    fee: DELIVERY_AND_PACKAGING_NAIRA,
    delivery_time: '1-3 business days',
  })),
  stations: [
    {
      id: 1,
      name: 'Ibadan Market pickup station',
      address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
      opening_hours: 'Monday to Saturday, 8 am to 6 pm',
      phone: '08030001234',
      fee: 0,
    },
  ],
  pay_later: { max_total: 100_000, first_order_max_total: 30_000 },
};

export const fixtureAffiliate: Affiliate = {
  code: 'adebayo7',
  month_generated: 1250,
  total_generated: 8400,
  total_paid: 7150,
  acount_details: JSON.stringify({
    account_number: '0123456789',
    account_name: 'Adebayo Ogunleye',
    bank_name: 'GTBank',
  }),
};
