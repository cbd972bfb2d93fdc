/**
 * Delivery areas by the names people use ("Idi-Ape / Ashi"), never the contract's values
 * ("Ibadan-Idi_Ape-Ashi"), which stay what is sent and stored.
 */
import type { ShopArea } from 'contract';
import { DELIVERY_AREA_NAMES, DELIVERY_CITIES, type DeliveryCity } from 'contract/rules';

export interface AreaOption {
  /** The contract's value. */
  city: string;
  /** What the shopper reads. */
  name: string;
}

function isDeliveryCity(value: string): value is DeliveryCity {
  return (DELIVERY_CITIES as readonly string[]).includes(value);
}

/** The name of an area: the owner's (GET /shop), else the one people use, else the value. */
export function areaName(
  city: string,
  areas: readonly Pick<ShopArea, 'city' | 'name'>[] | undefined,
): string {
  const owners = areas?.find((area) => area.city === city)?.name;
  if (owners) return owners;
  return isDeliveryCity(city) ? DELIVERY_AREA_NAMES[city] : city;
}

/**
 * The areas the shop delivers to now, by name (GET /shop); all of them by the names people
 * use until that answer is in. A saved area the owner has since switched off stays listed, so
 * the form shows what was saved (the server refuses it, in words).
 */
export function areaOptions(
  areas: readonly Pick<ShopArea, 'city' | 'name'>[] | undefined,
  saved: string | undefined,
): AreaOption[] {
  const options: AreaOption[] = areas
    ? areas.map(({ city, name }) => ({ city, name }))
    : DELIVERY_CITIES.map((city) => ({ city, name: DELIVERY_AREA_NAMES[city] }));
  if (saved && !options.some((o) => o.city === saved)) {
    options.push({ city: saved, name: areaName(saved, areas) });
  }
  return options;
}
