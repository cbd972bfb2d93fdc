/** The delivery service: the shopper's one delivery location. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { MobileField } from './users';
import {
  DELIVERY_CITIES,
  MAX_ADDRESS_LENGTH,
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
