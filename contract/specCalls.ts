/**
 * The storefront's 27 original calls (docs/product.md, "Calls"), each with the payload it
 * sends and the shape of its answer. These shapes are the promise to every client written
 * against the original backend: new features may add fields, never change one of these.
 *
 * Where the original contract names an answer's fields (a product, the cart, an order...),
 * `answers` requires exactly those, with the types of this contract; where it names none
 * (most writes), `answers` is this contract's own answer.
 */
import { Type, type TObject, type TSchema } from 'typebox';
import {
  AffiliateRegistrationSchema,
  AffiliateSchema,
  PaymentRequestResponseSchema,
} from './affiliates';
import {
  AddCartItemSchema,
  CartItemSchema,
  CartProductSchema,
  CartSchema,
  CheckoutSchema,
  UpdateCartItemSchema,
} from './cart';
import { DeliveryInputSchema, DeliverySchema } from './delivery';
import { MessageSchema } from './errors';
import { OrderItemSchema, OrderSchema } from './orders';
import {
  InitializeTransactionResponseSchema,
  InitializeTransactionSchema,
  VerificationSchema,
  VerifyQuerySchema,
} from './payment';
import { ProductSchema } from './products';
import {
  CustomerUpdateSchema,
  EmailVerificationSchema,
  LoginResponseSchema,
  LoginSchema,
  RegisterResponseSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SendOtpResponseSchema,
  SendOtpSchema,
  UserSchema,
} from './users';
import { CreateWishlistSchema, WishlistEntrySchema } from './wishlists';

/** Some fields of an object schema (each must be there), with nested objects narrowed too. */
function fields<T extends TObject>(
  schema: T,
  names: (keyof T['properties'] & string)[],
  nested: Record<string, TSchema> = {},
): TObject {
  const picked = names.map((name) => {
    const field = schema.properties[name];
    if (!field) throw new Error(`The contract has no field ${name}`);
    return [name, field] as const;
  });
  return Type.Object({ ...Object.fromEntries(picked), ...nested });
}

const SpecProduct = fields(ProductSchema, [
  'id',
  'slug',
  'name',
  'images',
  'amount',
  'disc_amount',
  'ratings',
  'inventory_stock',
  'description',
]);

const SpecCartItem = fields(CartItemSchema, ['id', 'quantity', 'total_amount'], {
  product: fields(CartProductSchema, ['images', 'name'], {
    vendor: CartProductSchema.properties.vendor,
  }),
});

const SpecCart = fields(CartSchema, ['price_before_vat', 'vat_value', 'price_after_vat'], {
  all_cart_data: Type.Array(SpecCartItem),
});

const SpecWishlistEntry = fields(WishlistEntrySchema, ['id', 'created_at'], {
  product: fields(WishlistEntrySchema.properties.product, [
    'slug',
    'images',
    'name',
    'amount',
    'inventory_stock',
  ]),
});

const SpecUser = fields(UserSchema, [
  'first_name',
  'last_name',
  'email',
  'mobile_number',
  'age',
  'gender',
]);

const SpecLoginResponse = fields(LoginResponseSchema, ['access_token'], {
  user_details: fields(LoginResponseSchema.properties.user_details, ['id', 'firstname']),
});

const SpecOrder = fields(OrderSchema, ['id', 'status', 'order_date', 'total_amount'], {
  deliveries: fields(OrderSchema.properties.deliveries, ['mobile_number']),
});

const SpecOrderItem = fields(OrderItemSchema, ['quantity', 'total_price'], {
  product: fields(OrderItemSchema.properties.product, ['images', 'name']),
});

const SpecDelivery = fields(DeliverySchema, [
  'id',
  'address',
  'city',
  'state',
  'mobile_number',
  'alt_mobile_number',
]);

const SpecPaymentStart = Type.Object({
  transaction_data: Type.Object({
    data: fields(InitializeTransactionResponseSchema.properties.transaction_data.properties.data, [
      'access_code',
      'reference',
    ]),
  }),
  user_data: fields(InitializeTransactionResponseSchema.properties.user_data, ['email', 'amount']),
});

const SpecAffiliate = fields(AffiliateSchema, [
  'code',
  'month_generated',
  'total_generated',
  'total_paid',
  'acount_details',
]);

export type SpecService =
  | 'product'
  | 'cart'
  | 'wishlists'
  | 'users'
  | 'orders'
  | 'order items'
  | 'delivery'
  | 'payment'
  | 'affiliates';

export interface SpecCall {
  service: SpecService;
  /** The payload's fields (the body; for a GET, its query), where the call sends one. */
  sends?: TSchema;
  /** A successful answer: status 200 and this shape. */
  answers: TSchema;
}

/**
 * Keyed by method and path as the original contract writes them (`{slug}`: a part the caller
 * fills in). GET /get-all-products takes an optional `?q={search text}` and answers the same
 * array with it (see asksForPage in listing.ts for the parameters that ask for a page).
 */
export const SPEC_CALLS = {
  'GET /get-all-products': { service: 'product', answers: Type.Array(SpecProduct) },
  'GET /get-product/{slug}': { service: 'product', answers: SpecProduct },
  'GET /all-carts': { service: 'cart', answers: SpecCart },
  'POST /add-cart': { service: 'cart', sends: AddCartItemSchema, answers: CartItemSchema },
  'PATCH /update-cart/{id}': {
    service: 'cart',
    sends: UpdateCartItemSchema,
    answers: CartItemSchema,
  },
  'DELETE /delete-cart/{id}': { service: 'cart', answers: MessageSchema },
  'POST /checkout': { service: 'cart', sends: CheckoutSchema, answers: SpecOrder },
  'POST /create-wishlist': {
    service: 'wishlists',
    sends: CreateWishlistSchema,
    answers: WishlistEntrySchema,
  },
  'GET /get-wishlists': { service: 'wishlists', answers: Type.Array(SpecWishlistEntry) },
  'DELETE /delete-wishlist/{id}': { service: 'wishlists', answers: MessageSchema },
  'POST /register': {
    service: 'users',
    sends: RegistrationSchema,
    answers: RegisterResponseSchema,
  },
  'POST /send-otp': { service: 'users', sends: SendOtpSchema, answers: SendOtpResponseSchema },
  'POST /email-verification': {
    service: 'users',
    sends: EmailVerificationSchema,
    answers: MessageSchema,
  },
  'POST /login': { service: 'users', sends: LoginSchema, answers: SpecLoginResponse },
  'POST /reset-password': { service: 'users', sends: ResetPasswordSchema, answers: MessageSchema },
  'GET /user/me': { service: 'users', answers: SpecUser },
  'PATCH /customer-update': {
    service: 'users',
    sends: CustomerUpdateSchema,
    answers: UserSchema,
  },
  'GET /orders': { service: 'orders', answers: Type.Array(SpecOrder) },
  'GET /order_item/{orderId}': { service: 'order items', answers: Type.Array(SpecOrderItem) },
  'GET /get-delivery': { service: 'delivery', answers: SpecDelivery },
  'POST /delivery': { service: 'delivery', sends: DeliveryInputSchema, answers: DeliverySchema },
  'PATCH /update-delivery/{id}': {
    service: 'delivery',
    sends: DeliveryInputSchema,
    answers: DeliverySchema,
  },
  'POST /initialize-transaction': {
    service: 'payment',
    sends: InitializeTransactionSchema,
    answers: SpecPaymentStart,
  },
  'GET /verify-transaction': {
    service: 'payment',
    sends: VerifyQuerySchema,
    answers: VerificationSchema,
  },
  'GET /affiliate-details': { service: 'affiliates', answers: SpecAffiliate },
  'POST /affiliate-registration': {
    service: 'affiliates',
    sends: AffiliateRegistrationSchema,
    answers: AffiliateSchema,
  },
  'GET /request-payment': { service: 'affiliates', answers: PaymentRequestResponseSchema },
} as const satisfies Record<string, SpecCall>;

export type SpecCallName = keyof typeof SPEC_CALLS;
