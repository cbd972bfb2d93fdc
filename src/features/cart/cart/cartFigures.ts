import type { Cart, DeliveryModel, ShopInfo } from 'contract';
import { DELIVERY_AND_PACKAGING_NAIRA } from 'contract/rules';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What getting the order costs, as the server will charge it: a delivery pays its area's fee
 * (the owner sets it, GET /shop), or the fixed charge before the shop's answer is in; pickup
 * pays the station's own fee, free unless the owner set one.
 */
export function deliveryFeeOf(
  shop: Pick<ShopInfo, 'areas' | 'pickup'> | undefined,
  city: string | undefined,
  model: DeliveryModel = 'delivery',
): number {
  if (model === 'pickup') return shop?.pickup.fee ?? 0;
  if (!shop || !city) return DELIVERY_AND_PACKAGING_NAIRA;
  return shop.areas.find((area) => area.city === city)?.fee ?? DELIVERY_AND_PACKAGING_NAIRA;
}

/** What the shopper pays: the cart after VAT plus delivery and packaging. */
export function totalToPay(
  cart: Pick<Cart, 'price_after_vat'>,
  deliveryFee: number = DELIVERY_AND_PACKAGING_NAIRA,
): number {
  return round2(cart.price_after_vat + deliveryFee);
}

/** Naira to kobo, the unit Paystack amounts are in. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}
