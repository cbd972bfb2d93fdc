/**
 * The Delivery Information form's values and rules. The spec shows no required-field check;
 * we check before sending anyway (address and city needed, Nigerian mobile numbers), so the
 * shopper learns at once instead of from a refused request.
 */
import type { Delivery, DeliveryInput, ShopArea } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import {
  DELIVERY_CITIES,
  MAX_ADDRESS_LENGTH,
  MAX_LANDMARK_LENGTH,
  OYO_STATE,
  type DeliveryCity,
} from 'contract/rules';
import { isNigerianMobile } from '../../../lib/validation';
import { areaName } from './areaNames';

export interface DeliveryFormValues {
  address: string;
  state: typeof OYO_STATE;
  /** '' until the shopper picks one. */
  city: DeliveryCity | '';
  mobile_number: string;
  alt_mobile_number: string;
  /** Ours, optional: a landmark or the nearest bus stop. */
  landmark: string;
}

export type DeliveryField = keyof DeliveryFormValues;
export type DeliveryFormErrors = Partial<Record<DeliveryField, string>>;

/** The server's names for the form's fields in a 422 answer: the same names. */
export const DELIVERY_SERVER_FIELDS: Readonly<Record<string, DeliveryField>> = {
  address: 'address',
  state: 'state',
  city: 'city',
  mobile_number: 'mobile_number',
  alt_mobile_number: 'alt_mobile_number',
  landmark: 'landmark',
};

export const deliveryFieldMessages = {
  addressMissing: 'Enter the address we should deliver to',
  addressTooLong: `Keep the address under ${MAX_ADDRESS_LENGTH} characters`,
  cityMissing: 'Choose the city to deliver to',
  mobileMissing: 'Enter a mobile number we can call on delivery',
  mobileInvalid: FIELD_MESSAGES.mobile,
  landmarkTooLong: `Keep the landmark under ${MAX_LANDMARK_LENGTH} characters`,
} as const;

export function isDeliveryCity(value: string): value is DeliveryCity {
  return (DELIVERY_CITIES as readonly string[]).includes(value);
}

/**
 * The form as the saved location fills it; for a first location, empty but for the mobile
 * number, which starts as the account's (`accountMobile`) so the shopper need not type it.
 */
export function deliveryFormValues(
  delivery: Delivery | null | undefined,
  accountMobile = '',
): DeliveryFormValues {
  return {
    address: delivery?.address ?? '',
    state: OYO_STATE,
    city: delivery && isDeliveryCity(delivery.city) ? delivery.city : '',
    mobile_number: delivery ? delivery.mobile_number : accountMobile,
    alt_mobile_number: delivery?.alt_mobile_number ?? '',
    landmark: delivery?.landmark ?? '',
  };
}

/**
 * What a phone field keeps of what was typed or pasted: digits, and a '+' only in front
 * (spaces, dashes and brackets go), at most 14 characters (+234 and ten digits).
 */
export function phoneCharacters(raw: string): string {
  const trimmed = raw.trim();
  const plus = trimmed.startsWith('+') ? '+' : '';
  return `${plus}${trimmed.replace(/\D/g, '')}`.slice(0, 14);
}

/** The problems of each field; empty when the form can be sent. */
export function validateDelivery(values: DeliveryFormValues): DeliveryFormErrors {
  const errors: DeliveryFormErrors = {};
  const address = values.address.trim();
  if (address === '') errors.address = deliveryFieldMessages.addressMissing;
  else if (address.length > MAX_ADDRESS_LENGTH)
    errors.address = deliveryFieldMessages.addressTooLong;
  if (values.city === '') errors.city = deliveryFieldMessages.cityMissing;
  const mobile = values.mobile_number.trim();
  if (mobile === '') errors.mobile_number = deliveryFieldMessages.mobileMissing;
  else if (!isNigerianMobile(mobile)) errors.mobile_number = deliveryFieldMessages.mobileInvalid;
  const alt = values.alt_mobile_number.trim();
  if (alt !== '' && !isNigerianMobile(alt)) {
    errors.alt_mobile_number = deliveryFieldMessages.mobileInvalid;
  }
  if (values.landmark.trim().length > MAX_LANDMARK_LENGTH) {
    errors.landmark = deliveryFieldMessages.landmarkTooLong;
  }
  return errors;
}

/**
 * The request body (docs/product.md#calls: address, mobile_number, alt_mobile_number, city,
 * state), plus our landmark.
 */
export function deliveryInput(values: DeliveryFormValues): DeliveryInput | null {
  if (values.city === '') return null;
  return {
    address: values.address.trim(),
    mobile_number: values.mobile_number.trim(),
    alt_mobile_number: values.alt_mobile_number.trim(),
    city: values.city,
    state: values.state,
    landmark: values.landmark.trim(),
  };
}

/**
 * One line for the location block and the mode modal, the area by its name (the owner's
 * `areas` from GET /shop when known) and the landmark after it.
 */
export function deliveryAddressText(
  delivery: Pick<Delivery, 'address' | 'city' | 'state' | 'landmark'>,
  areas?: readonly Pick<ShopArea, 'city' | 'name'>[],
): string {
  const line = [delivery.address, areaName(delivery.city.trim(), areas), delivery.state]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
  const landmark = delivery.landmark?.trim() ?? '';
  return landmark === '' ? line : `${line} (near ${landmark})`;
}
