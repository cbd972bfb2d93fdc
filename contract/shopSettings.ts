/**
 * The shop's own details as data the owner edits: name, address, phones, pay-later caps,
 * delivery areas and pickup stations. Money is naira in JSON (kobo inside the server), as
 * everywhere in the contract.
 */
import { Type, type Static } from 'typebox';
import { MobileField } from './users';
import { MAX_DELIVERY_FEE_NAIRA, MAX_PAY_LATER_CAP_NAIRA } from './naira';
import { DELIVERY_CITIES, MAX_ID } from './rules';

/** The longest area name, delivery time, station name or opening hours the owner may type. */
export const MAX_SHOP_TEXT_LENGTH = 120;

const text = (max: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage });

const nairaField = (max: number, errorMessage: string) =>
  Type.Number({ minimum: 0, maximum: max, errorMessage });

/** One delivery area: the contract's value (`city`, stored on deliveries and orders) and its data. */
export const DeliveryAreaSchema = Type.Object(
  {
    city: Type.Enum(DELIVERY_CITIES, {
      errorMessage: `Choose one of the shop's areas: ${DELIVERY_CITIES.join(', ')}`,
    }),
    name: text(
      MAX_SHOP_TEXT_LENGTH,
      `Enter the name shoppers see for this area (1 to ${MAX_SHOP_TEXT_LENGTH} characters)`,
    ),
    /** naira, to the kobo */
    fee: nairaField(
      MAX_DELIVERY_FEE_NAIRA,
      'Enter a delivery fee from ₦0 to ₦1,000,000 (at most two decimals)',
    ),
    delivery_time: text(
      MAX_SHOP_TEXT_LENGTH,
      'Say how long delivery takes, e.g. "1-3 business days"',
    ),
    enabled: Type.Boolean({ errorMessage: 'Say whether the shop delivers there: true or false' }),
  },
  { additionalProperties: false },
);
export type DeliveryArea = Static<typeof DeliveryAreaSchema>;

/** GET and PUT /staff/delivery-areas: the whole list, each of the shop's areas once. */
export const DeliveryAreaListSchema = Type.Array(DeliveryAreaSchema, {
  maxItems: DELIVERY_CITIES.length,
  errorMessage: `Send the list of the shop's ${DELIVERY_CITIES.length} areas`,
});

const StationFields = {
  name: text(
    MAX_SHOP_TEXT_LENGTH,
    `Enter the station's name (1 to ${MAX_SHOP_TEXT_LENGTH} characters)`,
  ),
  address: text(300, "Enter the station's address (1 to 300 characters)"),
  opening_hours: text(
    MAX_SHOP_TEXT_LENGTH,
    'Enter the opening hours, e.g. "Monday to Saturday, 8 am to 6 pm"',
  ),
  phone: MobileField,
  /** naira: what collecting here costs; left out means free, as a new station is. */
  fee: Type.Optional(
    nairaField(
      MAX_DELIVERY_FEE_NAIRA,
      'Enter a pickup fee from ₦0 to ₦1,000,000 (0 for free pickup)',
    ),
  ),
};

/** POST /staff/pickup-stations and PUT /staff/pickup-stations/{id}. */
export const PickupStationInputSchema = Type.Object(StationFields, { additionalProperties: false });
export type PickupStationInput = Static<typeof PickupStationInputSchema>;

export const PickupStationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  opening_hours: Type.String(),
  phone: Type.String(),
  /** naira; 0 is free pickup. */
  fee: Type.Number(),
});
export type PickupStation = Static<typeof PickupStationSchema>;

export const PickupStationListSchema = Type.Array(PickupStationSchema);

export const PickupStationParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'No such pickup station' }),
});

/** GET and PUT /staff/shop-settings. */
export const ShopSettingsSchema = Type.Object(
  {
    name: text(
      MAX_SHOP_TEXT_LENGTH,
      `Enter the shop's name (1 to ${MAX_SHOP_TEXT_LENGTH} characters)`,
    ),
    address: text(300, "Enter the shop's address (1 to 300 characters)"),
    phone: MobileField,
    whatsapp_number: Type.String({
      pattern: '^\\+?[1-9]\\d{7,14}$|^0[789][01]\\d{8}$',
      errorMessage: 'Enter the WhatsApp number, e.g. 08030001234 or 2348030001234',
    }),
    /** naira: the most one pay-later order may come to, on a first order, and all waiting. */
    pay_later_max_total: nairaField(
      MAX_PAY_LATER_CAP_NAIRA,
      'Enter the pay-later limit per order in naira (0 or more)',
    ),
    pay_later_first_order_max_total: nairaField(
      MAX_PAY_LATER_CAP_NAIRA,
      "Enter the pay-later limit for a shopper's first order in naira (0 or more)",
    ),
    pay_later_open_max_total: nairaField(
      MAX_PAY_LATER_CAP_NAIRA,
      "Enter the most a shopper's unpaid orders may come to together, in naira (0 or more)",
    ),
  },
  { additionalProperties: false },
);
export type ShopSettings = Static<typeof ShopSettingsSchema>;

/** What GET /shop tells shoppers about each area the shop delivers to now. */
export const ShopAreaSchema = Type.Object({
  city: Type.String(),
  name: Type.String(),
  fee: Type.Number(),
  delivery_time: Type.String(),
});
export type ShopArea = Static<typeof ShopAreaSchema>;
