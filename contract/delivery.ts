/** The delivery service: the shopper's one delivery location. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { MobileField } from './users';
import {
  DELIVERY_CITIES,
  MAX_ADDRESS_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MAX_LANDMARK_LENGTH,
  OPTIONAL_NIGERIAN_MOBILE_PATTERN,
  OYO_STATE,
} from './rules';

export const DeliveryInputSchema = Type.Object({
  address: Type.String({
    minLength: 1,
    maxLength: MAX_ADDRESS_LENGTH,
    pattern: '\\S',
    errorMessage: FIELD_MESSAGES.address,
  }),
  mobile_number: MobileField,
  alt_mobile_number: Type.String({
    maxLength: 20,
    pattern: OPTIONAL_NIGERIAN_MOBILE_PATTERN,
    errorMessage: FIELD_MESSAGES.mobile,
  }),
  city: Type.Enum(DELIVERY_CITIES),
  state: Type.Literal(OYO_STATE),
  /** Ours, not the spec's: a landmark or the nearest bus stop; '' or left out when none. */
  landmark: Type.Optional(
    Type.String({
      maxLength: MAX_LANDMARK_LENGTH,
      errorMessage: `Keep the landmark under ${MAX_LANDMARK_LENGTH} characters`,
    }),
  ),
});
export type DeliveryInput = Static<typeof DeliveryInputSchema>;

export const DeliverySchema = Type.Object({
  id: Type.Integer(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  mobile_number: Type.String(),
  alt_mobile_number: Type.String(),
  /** Always sent by this server; optional for clients and mocks written before it. */
  landmark: Type.Optional(Type.String()),
});
export type Delivery = Static<typeof DeliverySchema>;

/**
 * GET and PUT /pickup-contact (ours): who collects a pickup order and the number the shop
 * calls when it is ready. No home address: pickup needs none.
 */
export const PickupContactSchema = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: MAX_CONTACT_NAME_LENGTH,
    pattern: '\\S',
    errorMessage: `Enter the name of whoever collects the order (1 to ${MAX_CONTACT_NAME_LENGTH} characters)`,
  }),
  mobile_number: MobileField,
});
export type PickupContact = Static<typeof PickupContactSchema>;
