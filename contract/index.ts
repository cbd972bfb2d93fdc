/**
 * The backend contract (spec sections 3 and 7): every request and answer body, as TypeBox
 * schemas. The server validates with the schemas; the storefront imports only the types
 * (`import type`), so nothing here reaches the browser bundle.
 *
 * Money is in naira as JSON numbers with at most two decimals (the server keeps kobo
 * integers); Paystack amounts (`user_data.amount`, verification `amount`) are in kobo.
 */
import { Type, type Static } from 'typebox';

export const OYO_STATE = 'Oyo State';

/** The twelve cities of spec section 5, in the spec's order and spelling. */
export const DELIVERY_CITIES = [
  'Ibadan-Agodi',
  'Ibadan-Ajibode',
  'Ibadan-Apete',
  'Ibadan-Bodija',
  'Ibadan-Dugbe',
  'Ibadan-Idi_Ape-Ashi',
  'Ibadan-Mokola',
  'Ibadan-North',
  'Ibadan-Ojo',
  'Ibadan-Sango',
  'Ibadan-Sango (Poly Ibadan)',
  'Ibadan-UI (University of Ibadan)',
] as const;
export type DeliveryCity = (typeof DELIVERY_CITIES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const OTP_CHANNELS = ['sms', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const DELIVERY_MODELS = ['pickup', 'delivery'] as const;
export type DeliveryModel = (typeof DELIVERY_MODELS)[number];

/** Spec section 9: VAT is 7.5% and delivery plus packaging is a fixed ₦1,150. */
export const VAT_RATE = 0.075;
export const DELIVERY_AND_PACKAGING_NAIRA = 1150;

/** A Nigerian mobile number: 0803..., 803..., +234803... or 234803... (11 digits locally). */
export const NIGERIAN_MOBILE_PATTERN = '^(?:\\+?234|0)?[789][01]\\d{8}$';

// ---------------------------------------------------------------- errors

export const ValidationIssueSchema = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Number()])),
  msg: Type.String(),
  type: Type.String(),
});
export type ValidationIssue = Static<typeof ValidationIssueSchema>;

/** Every error answer: a sentence, or for 422 a list of what failed where. */
export const ErrorBodySchema = Type.Object({
  detail: Type.Union([Type.String(), Type.Array(ValidationIssueSchema)]),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

export const MessageSchema = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageSchema>;

// ---------------------------------------------------------------- products

export const VendorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  description: Type.String(),
});
export type Vendor = Static<typeof VendorSchema>;

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  /** One image link (a path on the server, e.g. /api/images/products/garri.svg). */
  images: Type.String(),
  amount: Type.Number(),
  disc_amount: Type.Union([Type.Number(), Type.Null()]),
  ratings: Type.Integer({ minimum: 0, maximum: 5 }),
  inventory_stock: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  category: Type.String(),
  vendor: VendorSchema,
});
export type Product = Static<typeof ProductSchema>;

export const ProductListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9-]+$' }),
});

// ---------------------------------------------------------------- cart

export const AddCartItemSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  product_id: Type.Integer({ minimum: 1 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
  /** Sent as the spec says, but the server always prices from the product. */
  price_per_item: Type.Number({ minimum: 0 }),
});
export type AddCartItem = Static<typeof AddCartItemSchema>;

export const UpdateCartItemSchema = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
});
export type UpdateCartItem = Static<typeof UpdateCartItemSchema>;

export const CartProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  images: Type.String(),
  amount: Type.Number(),
  inventory_stock: Type.Integer(),
  vendor: Type.Object({ name: Type.String() }),
});
export type CartProduct = Static<typeof CartProductSchema>;

export const CartItemSchema = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  total_amount: Type.Number(),
  product: CartProductSchema,
});
export type CartItem = Static<typeof CartItemSchema>;

export const CartSchema = Type.Object({
  price_before_vat: Type.Number(),
  vat_value: Type.Number(),
  price_after_vat: Type.Number(),
  all_cart_data: Type.Array(CartItemSchema),
});
export type Cart = Static<typeof CartSchema>;

export const CheckoutSchema = Type.Object({
  reference_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9.=-]+$' }),
  delivery_model: Type.Enum(DELIVERY_MODELS),
});
export type CheckoutRequest = Static<typeof CheckoutSchema>;

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

// ---------------------------------------------------------------- wishlists

export const CreateWishlistSchema = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
});
export type CreateWishlist = Static<typeof CreateWishlistSchema>;

export const WishlistEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  product: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    images: Type.String(),
    name: Type.String(),
    amount: Type.Number(),
    inventory_stock: Type.Integer(),
  }),
});
export type WishlistEntry = Static<typeof WishlistEntrySchema>;

// ---------------------------------------------------------------- users

export const RegistrationSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.String({ minLength: 1, maxLength: 100 }),
  affiliate_code: Type.Optional(Type.String({ maxLength: 50 })),
  mobile_number: Type.String({ maxLength: 20 }),
  gender: Type.Enum(GENDERS),
  age: Type.Integer(),
  role: Type.Literal('customer'),
  emailverified: Type.Boolean(),
  verificationtoken: Type.String({ maxLength: 200 }),
  created_at: Type.String({ maxLength: 50 }),
  updated_at: Type.String({ maxLength: 50 }),
  last_logged_in: Type.String({ maxLength: 50 }),
  password: Type.String({ maxLength: 200 }),
  cpassword: Type.String({ maxLength: 200 }),
});
export type Registration = Static<typeof RegistrationSchema>;

export const SendOtpSchema = Type.Object({
  user_email: Type.String({ minLength: 3, maxLength: 254 }),
  email_channel: Type.Enum(OTP_CHANNELS),
});
export type SendOtpRequest = Static<typeof SendOtpSchema>;

export const EmailVerificationSchema = Type.Object({
  user_email: Type.String({ minLength: 3, maxLength: 254 }),
  user_otp: Type.String({ minLength: 1, maxLength: 20 }),
});
export type EmailVerificationRequest = Static<typeof EmailVerificationSchema>;

/** Sent form-encoded by the storefront (OAuth2 password style); JSON is accepted too. */
export const LoginSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginRequest = Static<typeof LoginSchema>;

export const LoginResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  user_details: Type.Object({ id: Type.Integer(), firstname: Type.String() }),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const ResetPasswordSchema = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  otp: Type.String({ minLength: 1, maxLength: 20 }),
  password: Type.String({ maxLength: 200 }),
});
export type ResetPasswordRequest = Static<typeof ResetPasswordSchema>;

export const UserSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  mobile_number: Type.String(),
  age: Type.Integer(),
  gender: Type.Enum(GENDERS),
});
export type User = Static<typeof UserSchema>;

export const CustomerUpdateSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  mobile_number: Type.Optional(Type.String({ maxLength: 20 })),
  age: Type.Optional(Type.Integer()),
  gender: Type.Optional(Type.Enum(GENDERS)),
});
export type CustomerUpdate = Static<typeof CustomerUpdateSchema>;

// ---------------------------------------------------------------- delivery

export const DeliveryInputSchema = Type.Object({
  address: Type.String({ minLength: 1, maxLength: 300 }),
  mobile_number: Type.String({ maxLength: 20 }),
  alt_mobile_number: Type.String({ maxLength: 20 }),
  city: Type.Enum(DELIVERY_CITIES),
  state: Type.Literal(OYO_STATE),
});
export type DeliveryInput = Static<typeof DeliveryInputSchema>;

export const DeliverySchema = Type.Object({
  id: Type.Integer(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  mobile_number: Type.String(),
  alt_mobile_number: Type.String(),
});
export type Delivery = Static<typeof DeliverySchema>;

// ---------------------------------------------------------------- orders

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  order_date: Type.String(),
  total_amount: Type.Number(),
  delivery_model: Type.Enum(DELIVERY_MODELS),
  reference: Type.String(),
  deliveries: Type.Object({
    mobile_number: Type.String(),
    alt_mobile_number: Type.String(),
    address: Type.String(),
    city: Type.String(),
    state: Type.String(),
  }),
});
export type Order = Static<typeof OrderSchema>;

export const OrderItemSchema = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  total_price: Type.Number(),
  product: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    images: Type.String(),
    name: Type.String(),
    vendor: Type.Object({ name: Type.String() }),
  }),
});
export type OrderItem = Static<typeof OrderItemSchema>;

export const OrderIdParamsSchema = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

// ---------------------------------------------------------------- payment

export const InitializeTransactionSchema = Type.Object({
  userid: Type.Integer({ minimum: 1 }),
  delivery_method: Type.Enum(DELIVERY_MODELS),
});
export type InitializeTransactionRequest = Static<typeof InitializeTransactionSchema>;

export const InitializeTransactionResponseSchema = Type.Object({
  /** `paystack` when the server holds a secret key; `sandbox` pays through /sandbox/pay. */
  provider: Type.Union([Type.Literal('paystack'), Type.Literal('sandbox')]),
  transaction_data: Type.Object({
    status: Type.Boolean(),
    message: Type.String(),
    data: Type.Object({
      authorization_url: Type.String(),
      access_code: Type.String(),
      reference: Type.String(),
    }),
  }),
  /** amount in kobo: the cart after VAT plus delivery and packaging, times 100. */
  user_data: Type.Object({ email: Type.String(), amount: Type.Integer() }),
});
export type InitializeTransactionResponse = Static<typeof InitializeTransactionResponseSchema>;

export const VerifyQuerySchema = Type.Object({
  reference: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9.=-]+$' }),
});

export const TRANSACTION_STATUSES = ['success', 'failed', 'abandoned', 'pending'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const VerificationSchema = Type.Object({
  reference: Type.String(),
  status: Type.Enum(TRANSACTION_STATUSES),
  /** kobo */
  amount: Type.Integer(),
  currency: Type.String(),
  paid_at: Type.Union([Type.String(), Type.Null()]),
});
export type Verification = Static<typeof VerificationSchema>;

// ---------------------------------------------------------------- affiliates

/** account_details / acount_details hold this object as JSON text. */
export const AccountDetailsSchema = Type.Object({
  account_number: Type.String({ pattern: '^\\d{10}$' }),
  account_name: Type.String({ minLength: 1, maxLength: 100 }),
  bank_name: Type.String({ minLength: 1, maxLength: 100 }),
});
export type AccountDetails = Static<typeof AccountDetailsSchema>;

export const AffiliateRegistrationSchema = Type.Object({
  affiliate_code: Type.String({ minLength: 3, maxLength: 30, pattern: '^[a-z0-9_-]+$' }),
  account_details: Type.String({ minLength: 2, maxLength: 1000 }),
});
export type AffiliateRegistration = Static<typeof AffiliateRegistrationSchema>;

export const AffiliateSchema = Type.Object({
  code: Type.String(),
  month_generated: Type.Number(),
  total_generated: Type.Number(),
  total_paid: Type.Number(),
  /** Spelled so by the backend family: JSON text of AccountDetails. */
  acount_details: Type.String(),
});
export type Affiliate = Static<typeof AffiliateSchema>;

export const PaymentRequestResponseSchema = Type.Object({
  message: Type.String(),
  payout: Type.Object({
    id: Type.Integer(),
    amount: Type.Number(),
    status: Type.String(),
    created_at: Type.String(),
  }),
});
export type PaymentRequestResponse = Static<typeof PaymentRequestResponseSchema>;

// ---------------------------------------------------------------- local development

export const OutboxMessageSchema = Type.Object({
  to: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessageSchema>;

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof HealthSchema>;
