/**
 * The checkout's fixed values, copied from the contract (src imports only its types, so
 * typebox stays out of the bundle). Each copy is typed against the contract's constant, so
 * tsc fails the day the contract changes and the copy does not.
 */
import type {
  DELIVERY_AND_PACKAGING_NAIRA as ContractDeliveryCharge,
  DeliveryCity,
  NIGERIAN_MOBILE_PATTERN as ContractMobilePattern,
  OYO_STATE as ContractOyoState,
} from 'contract';

/** Spec section 9: delivery plus packaging, a fixed ₦1,150 on every order. */
export const DELIVERY_AND_PACKAGING: typeof ContractDeliveryCharge = 1150;

/** Spec section 5: the only state the shop delivers to. */
export const OYO_STATE: typeof ContractOyoState = 'Oyo State';

/** Spec section 5: the twelve cities, in the spec's order and spelling. */
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
] as const satisfies readonly DeliveryCity[];

/** Fails to compile when the contract names a city this list lacks. */
type MissingCity = Exclude<DeliveryCity, (typeof DELIVERY_CITIES)[number]>;
const _allCitiesListed: [MissingCity] extends [never] ? true : MissingCity = true;

/** 0803..., 803..., +234803... or 234803...: the server's own rule for mobile numbers. */
const MOBILE_PATTERN: typeof ContractMobilePattern = '^(?:\\+?234|0)?[789][01]\\d{8}$';
export const NIGERIAN_MOBILE = new RegExp(MOBILE_PATTERN);

/** The server's longest delivery address. */
export const MAX_ADDRESS_LENGTH = 300;

/** The contract's largest quantity of one cart line. */
export const MAX_CART_QUANTITY = 10000;
