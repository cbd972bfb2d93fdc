/**
 * The backend contract (spec sections 3 and 7): every request and answer body, as TypeBox
 * schemas. The server validates with the schemas; the storefront imports only the types
 * (`import type`), so nothing here reaches the browser bundle.
 *
 * Money is in naira as JSON numbers with at most two decimals (the server keeps kobo
 * integers); Paystack amounts (`user_data.amount`, verification `amount`) are in kobo.
 *
 * `errorMessage` on a field is the sentence the server puts in a 422 `msg` when that field's
 * value breaks a rule (shoppers read it), instead of a generic one built from the rule.
 */
import { Type, type Static } from 'typebox';
import { EMAIL_PATTERN } from './email';

export { EMAIL_PATTERN } from './email';

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
/** The same, or an empty string (the optional alternative delivery number). */
export const OPTIONAL_NIGERIAN_MOBILE_PATTERN = '^(?:(?:\\+?234|0)?[789][01]\\d{8})?$';

/** Largest id the database holds (PostgreSQL integer). */
export const MAX_ID = 2147483647;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_AGE = 13;
export const MAX_AGE = 120;

/** Readable sentences shared by several fields' `errorMessage`. */
export const FIELD_MESSAGES = {
  email: 'Enter a valid email address',
  mobile: 'Enter a valid Nigerian mobile number, e.g. 08031234567',
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  age: `Age must be between ${MIN_AGE} and ${MAX_AGE}`,
  quantity: 'Quantity must be a whole number from 1 to 10000',
  id: 'Must be a whole number from 1 upwards',
  reference: 'A payment reference holds only letters, digits, - . and =',
} as const;

/**
 * The `detail` sentences the server answers with, for the storefront to match on where it
 * must (e.g. 'Could not validate credentials' means "Please, log in").
 */
export const ERROR_DETAILS = {
  credentials: 'Could not validate credentials',
  notFound: 'Not Found',
  incorrectLogin: 'Incorrect email or password',
  notActivated: 'Your account is not activated yet. Activate it with the code we sent you.',
  invalidOtp: 'Invalid or expired OTP code',
  emailTaken: 'An account with this email already exists. Log in, or activate it with a new code.',
  productNotFound: 'Product not found',
  cartItemNotFound: 'Cart item not found',
  outOfStock: 'This product is out of stock',
  cartEmpty: 'Your cart is empty',
  wishlistDuplicate: 'Product already in your wishlist',
  wishlistNotFound: 'Wishlist item not found',
  deliveryMissing: 'Add your delivery location',
  deliveryExists: 'You already have a delivery location. Update it instead.',
  deliveryNotFound: 'Delivery location not found',
  orderNotFound: 'Order not found',
  transactionNotFound: 'Transaction not found',
  affiliateNotFound: 'Affiliate account not found',
  affiliateExists: 'You are already registered as an affiliate',
  affiliateCodeTaken: 'This affiliate code is taken. Choose another one.',
  nothingToPay: 'You have no earnings to request yet',
  /**
   * Login once an account has had too many wrong passwords: password and emailed code
   * together. Said whether the password was right or not, so it gives nothing away.
   */
  loginCodeRequired:
    'Too many wrong passwords were tried on this account. To keep it safe, we emailed its owner a 6-digit code: enter it with your password to log in.',
  paymentExpired:
    'This payment has expired and no money was taken. Go back to your cart and pay again.',
  passwordForMobile: 'Enter your current password to change your mobile number',
  wrongCurrentPassword: 'That is not your current password',
} as const;

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
  /** Optional paging for very large catalogues; without them the whole catalogue comes back. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9-]+$' }),
});

/** GET /images/products/{file}: `<slug>.svg`. */
export const ProductImageParamsSchema = Type.Object({
  file: Type.String({ minLength: 5, maxLength: 210, pattern: '^[a-z0-9-]+\\.svg$' }),
});

// ---------------------------------------------------------------- cart

export const AddCartItemSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  product_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000, errorMessage: FIELD_MESSAGES.quantity }),
  /** Sent as the spec says, but the server always prices from the product. */
  price_per_item: Type.Number({ minimum: 0 }),
});
export type AddCartItem = Static<typeof AddCartItemSchema>;

export const UpdateCartItemSchema = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: 10000, errorMessage: FIELD_MESSAGES.quantity }),
});
export type UpdateCartItem = Static<typeof UpdateCartItemSchema>;

export const CartProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  images: Type.String(),
  amount: Type.Number(),
  /** The saving per item in naira (the line is priced at amount minus disc_amount). */
  disc_amount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
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
  reference_id: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9.=-]+$',
    errorMessage: FIELD_MESSAGES.reference,
  }),
  delivery_model: Type.Enum(DELIVERY_MODELS),
});
export type CheckoutRequest = Static<typeof CheckoutSchema>;

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});

// ---------------------------------------------------------------- wishlists

export const CreateWishlistSchema = Type.Object({
  product_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
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
    /** The saving in naira, null when none. */
    disc_amount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    inventory_stock: Type.Integer(),
  }),
});
export type WishlistEntry = Static<typeof WishlistEntrySchema>;

// ---------------------------------------------------------------- users

const EmailField = Type.String({
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  errorMessage: FIELD_MESSAGES.email,
});
const MobileField = Type.String({
  maxLength: 20,
  pattern: NIGERIAN_MOBILE_PATTERN,
  errorMessage: FIELD_MESSAGES.mobile,
});
const AgeField = Type.Integer({
  minimum: MIN_AGE,
  maximum: MAX_AGE,
  errorMessage: FIELD_MESSAGES.age,
});
const NewPasswordField = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 200,
  errorMessage: FIELD_MESSAGES.password,
});
const NameField = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  errorMessage: 'Enter a name of 1 to 100 characters',
});

/**
 * The sign-up record. role, emailverified, verificationtoken and the three dates are sent by
 * the storefront as the spec says but ignored: every new account is an unverified customer.
 * An empty affiliate_code means none.
 */
export const RegistrationSchema = Type.Object({
  email: EmailField,
  first_name: NameField,
  last_name: NameField,
  affiliate_code: Type.Optional(Type.String({ maxLength: 50 })),
  mobile_number: MobileField,
  gender: Type.Enum(GENDERS),
  age: AgeField,
  role: Type.Optional(Type.String({ maxLength: 50 })),
  emailverified: Type.Optional(Type.Boolean()),
  verificationtoken: Type.Optional(Type.String({ maxLength: 200 })),
  created_at: Type.Optional(Type.String({ maxLength: 50 })),
  updated_at: Type.Optional(Type.String({ maxLength: 50 })),
  last_logged_in: Type.Optional(Type.String({ maxLength: 50 })),
  password: NewPasswordField,
  cpassword: Type.String({ maxLength: 200 }),
});
export type Registration = Static<typeof RegistrationSchema>;

/**
 * The same for a new email and for one that already has an account (whose owner is emailed
 * instead), so sign-up does not tell who shops here.
 */
export const RegisterResponseSchema = Type.Object({ message: Type.String() });
export type RegisterResponse = Static<typeof RegisterResponseSchema>;

export const SendOtpSchema = Type.Object({
  user_email: EmailField,
  email_channel: Type.Enum(OTP_CHANNELS),
});
export type SendOtpRequest = Static<typeof SendOtpSchema>;

export const EmailVerificationSchema = Type.Object({
  user_email: Type.String({ minLength: 3, maxLength: 254 }),
  user_otp: Type.String({ minLength: 1, maxLength: 20 }),
});
export type EmailVerificationRequest = Static<typeof EmailVerificationSchema>;

/**
 * Sent form-encoded by the storefront (OAuth2 password style); JSON is accepted too. `otp`
 * (beyond the spec) is the emailed code an account needs after too many wrong passwords.
 */
export const LoginSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  otp: Type.Optional(Type.String({ maxLength: 20 })),
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
  password: NewPasswordField,
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

/** `password` (beyond the spec): the current password, needed to change the mobile number. */
export const CustomerUpdateSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  mobile_number: Type.Optional(MobileField),
  age: Type.Optional(AgeField),
  gender: Type.Optional(Type.Enum(GENDERS)),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CustomerUpdate = Static<typeof CustomerUpdateSchema>;

// ---------------------------------------------------------------- delivery

export const DeliveryInputSchema = Type.Object({
  address: Type.String({
    minLength: 1,
    maxLength: 300,
    pattern: '\\S',
    errorMessage: 'Enter your delivery address (up to 300 characters)',
  }),
  mobile_number: MobileField,
  alt_mobile_number: Type.String({
    maxLength: 20,
    pattern: OPTIONAL_NIGERIAN_MOBILE_PATTERN,
    errorMessage: FIELD_MESSAGES.mobile,
  }),
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
  orderId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});

// ---------------------------------------------------------------- payment

export const InitializeTransactionSchema = Type.Object({
  userid: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
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
  reference: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9.=-]+$',
    errorMessage: FIELD_MESSAGES.reference,
  }),
});

/** POST /sandbox/pay/{reference}: the sandbox provider's stand-in for the payment popup. */
export const ReferenceParamsSchema = VerifyQuerySchema;
export const SandboxPaySchema = Type.Object({
  outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failed')])),
});
export type SandboxPayRequest = Static<typeof SandboxPaySchema>;

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
  account_number: Type.String({
    pattern: '^\\d{10}$',
    errorMessage: 'Enter the 10-digit account number (NUBAN)',
  }),
  account_name: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    errorMessage: 'Enter the account name',
  }),
  bank_name: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    errorMessage: 'Enter the bank name',
  }),
});
export type AccountDetails = Static<typeof AccountDetailsSchema>;

/** The code is stored lowercased, so upper-case letters are accepted and folded. */
export const AffiliateRegistrationSchema = Type.Object({
  affiliate_code: Type.String({
    minLength: 3,
    maxLength: 30,
    pattern: '^[A-Za-z0-9_-]+$',
    errorMessage: 'Use 3 to 30 letters, digits, - or _ for your affiliate code',
  }),
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

export const OutboxQuerySchema = Type.Object({
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
});
export type OutboxQuery = Static<typeof OutboxQuerySchema>;

/**
 * POST /v1.0/email/send, as @emailjs/browser sends it. Missing ids are answered 400 with a
 * plain-text body, as EmailJS does, so the ids are optional here and checked by the route.
 */
export const EmailJsSendSchema = Type.Object({
  lib_version: Type.Optional(Type.String({ maxLength: 50 })),
  user_id: Type.Optional(Type.String({ maxLength: 200 })),
  service_id: Type.Optional(Type.String({ maxLength: 200 })),
  template_id: Type.Optional(Type.String({ maxLength: 200 })),
  accessToken: Type.Optional(Type.String({ maxLength: 200 })),
  template_params: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 10000 }), Type.Number(), Type.Boolean(), Type.Null()]),
    ),
  ),
});
export type EmailJsSendRequest = Static<typeof EmailJsSendSchema>;

/** POST /v1.0/email/send-form: the form's own fields plus the ids, all text. */
export const EmailJsFormSchema = Type.Record(
  Type.String({ maxLength: 100 }),
  Type.String({ maxLength: 10000 }),
);

/**
 * `mode`: demo (payments are simulated, codes go to the outbox) or production; the
 * storefront shows a notice in demo mode.
 */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  mode: Type.Union([Type.Literal('demo'), Type.Literal('production')]),
});
export type Health = Static<typeof HealthSchema>;
