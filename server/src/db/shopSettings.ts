/**
 * The shop's own details (migration 014): the settings row, the delivery areas and the
 * pickup stations. The environment's values (PICKUP_ADDRESS, PICKUP_HOURS, SHOP_WHATSAPP,
 * PAY_LATER_*_NAIRA) fill them on the first start; from then on the owner's data rules.
 *
 * Readers never fail for want of data: a missing settings row reads as the environment's
 * values, a missing area as the spec's default (₦1,150, 1-3 business days, on), so a
 * database emptied by hand still runs the shop as a new one would.
 */
import {
  DELIVERY_AND_PACKAGING_NAIRA,
  DELIVERY_AREA_NAMES,
  DELIVERY_CITIES,
  type DeliveryArea,
  type DeliveryCity,
  type PickupStation,
  type PickupStationInput,
} from '../../../contract';
import { SHOP_TITLE } from '../../../contract/titles';
import type { Config } from '../config';
import type { Database, Queryable } from './client';
import { num } from './rows';

export const DEFAULT_DELIVERY_FEE_KOBO = DELIVERY_AND_PACKAGING_NAIRA * 100;
export const DEFAULT_DELIVERY_TIME = '1-3 business days';
/** The shop's phone until the owner sets one: the WhatsApp line, as dialled locally. */
const DEFAULT_PHONE = '08030001234';

export interface ShopSettingsRecord {
  name: string;
  address: string;
  /** As dialled in Nigeria: 08030001234. */
  phone: string;
  /** International form without '+': 2348030001234. */
  whatsapp: string;
  payLaterMaxKobo: number;
  payLaterFirstOrderMaxKobo: number;
  payLaterOpenMaxKobo: number;
}

export interface DeliveryAreaRecord {
  city: DeliveryCity;
  name: string;
  feeKobo: number;
  deliveryTime: string;
  enabled: boolean;
}

type Settings = Pick<Config, 'payLater' | 'shopWhatsapp' | 'pickup'>;

/** What the environment says, for a shop whose settings row is not written yet. */
export function settingsFromConfig(config: Settings): ShopSettingsRecord {
  return {
    name: SHOP_TITLE,
    address: config.pickup.address,
    phone: config.shopWhatsapp.startsWith('234')
      ? `0${config.shopWhatsapp.slice(3)}`
      : DEFAULT_PHONE,
    whatsapp: config.shopWhatsapp,
    payLaterMaxKobo: config.payLater.maxKobo,
    payLaterFirstOrderMaxKobo: config.payLater.firstOrderMaxKobo,
    payLaterOpenMaxKobo: config.payLater.openMaxKobo,
  };
}

/** 08030001234 or +2348030001234 to 2348030001234, as wa.me wants it. */
export function internationalNumber(raw: string): string {
  const digits = raw.replace(/[\s+()-]/g, '');
  return /^0[789][01]\d{8}$/.test(digits) ? `234${digits.slice(1)}` : digits;
}

interface SettingsRow {
  name: string;
  address: string;
  phone: string;
  whatsapp: string;
  pay_later_max_kobo: unknown;
  pay_later_first_order_max_kobo: unknown;
  pay_later_open_max_kobo: unknown;
}

export async function readShopSettings(
  db: Queryable,
  config: Settings,
  options: { lock?: boolean } = {},
): Promise<ShopSettingsRecord> {
  const rows = await db.query<SettingsRow>(
    `SELECT name, address, phone, whatsapp, pay_later_max_kobo, pay_later_first_order_max_kobo,
            pay_later_open_max_kobo
       FROM shop_settings WHERE id = 1${options.lock ? ' FOR UPDATE' : ''}`,
  );
  const r = rows[0];
  if (!r) return settingsFromConfig(config);
  return {
    name: r.name,
    address: r.address,
    phone: r.phone,
    whatsapp: r.whatsapp,
    payLaterMaxKobo: num(r.pay_later_max_kobo),
    payLaterFirstOrderMaxKobo: num(r.pay_later_first_order_max_kobo),
    payLaterOpenMaxKobo: num(r.pay_later_open_max_kobo),
  };
}

export async function writeShopSettings(q: Queryable, s: ShopSettingsRecord): Promise<void> {
  await q.query(
    `INSERT INTO shop_settings (id, name, address, phone, whatsapp, pay_later_max_kobo,
                                pay_later_first_order_max_kobo, pay_later_open_max_kobo)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET name = $1, address = $2, phone = $3, whatsapp = $4,
       pay_later_max_kobo = $5, pay_later_first_order_max_kobo = $6,
       pay_later_open_max_kobo = $7, updated_at = now()`,
    [
      s.name,
      s.address,
      s.phone,
      s.whatsapp,
      s.payLaterMaxKobo,
      s.payLaterFirstOrderMaxKobo,
      s.payLaterOpenMaxKobo,
    ],
  );
}

/**
 * On a start: the first one writes the environment's values as the shop's settings and its
 * pickup address as the first station; any later start, or one racing it on the same
 * database, leaves the owner's data alone.
 */
export async function ensureShopSettings(db: Database, config: Settings): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await tx.query(
      `INSERT INTO shop_settings (id, name, address, phone, whatsapp, pay_later_max_kobo,
                                  pay_later_first_order_max_kobo, pay_later_open_max_kobo)
       SELECT 1, $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM shop_settings)
       -- Servers started together each see no row yet: the first insert wins, the others
       -- wait for it and then do nothing.
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      (() => {
        const s = settingsFromConfig(config);
        return [
          s.name,
          s.address,
          s.phone,
          s.whatsapp,
          s.payLaterMaxKobo,
          s.payLaterFirstOrderMaxKobo,
          s.payLaterOpenMaxKobo,
        ];
      })(),
    );
    if (first.length === 0) return;
    await tx.query(
      `INSERT INTO pickup_stations (name, address, opening_hours, phone)
       SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM pickup_stations)`,
      [
        `${SHOP_TITLE} pickup station`,
        config.pickup.address,
        config.pickup.openingHours,
        settingsFromConfig(config).phone,
      ],
    );
  });
}

// ------------------------------------------------------------------ delivery areas

function defaultArea(city: DeliveryCity): DeliveryAreaRecord {
  return {
    city,
    name: DELIVERY_AREA_NAMES[city],
    feeKobo: DEFAULT_DELIVERY_FEE_KOBO,
    deliveryTime: DEFAULT_DELIVERY_TIME,
    enabled: true,
  };
}

interface AreaRow {
  city: string;
  name: string;
  fee_kobo: unknown;
  delivery_time: string;
  enabled: boolean;
}

const isCity = (value: string): value is DeliveryCity =>
  (DELIVERY_CITIES as readonly string[]).includes(value);

/** Every one of the shop's areas, in the owner's order (any without a row at the end). */
export async function listDeliveryAreas(db: Queryable): Promise<DeliveryAreaRecord[]> {
  const rows = await db.query<AreaRow>(
    'SELECT city, name, fee_kobo, delivery_time, enabled FROM delivery_areas ORDER BY position, city',
  );
  const areas: DeliveryAreaRecord[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (!isCity(r.city)) continue;
    seen.add(r.city);
    areas.push({
      city: r.city,
      name: r.name,
      feeKobo: num(r.fee_kobo),
      deliveryTime: r.delivery_time,
      enabled: r.enabled,
    });
  }
  for (const city of DELIVERY_CITIES) if (!seen.has(city)) areas.push(defaultArea(city));
  return areas;
}

export async function findDeliveryArea(
  db: Queryable,
  city: string,
): Promise<DeliveryAreaRecord | null> {
  if (!isCity(city)) return null;
  const rows = await db.query<AreaRow>(
    'SELECT city, name, fee_kobo, delivery_time, enabled FROM delivery_areas WHERE city = $1',
    [city],
  );
  const r = rows[0];
  if (!r) return defaultArea(city);
  return {
    city,
    name: r.name,
    feeKobo: num(r.fee_kobo),
    deliveryTime: r.delivery_time,
    enabled: r.enabled,
  };
}

/** Replaces the whole list (the caller checked it holds each area once), in its order. */
export async function replaceDeliveryAreas(
  q: Queryable,
  areas: readonly DeliveryAreaRecord[],
): Promise<void> {
  await q.query('DELETE FROM delivery_areas');
  for (const [index, a] of areas.entries()) {
    await q.query(
      `INSERT INTO delivery_areas (city, name, fee_kobo, delivery_time, enabled, position)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [a.city, a.name, a.feeKobo, a.deliveryTime, a.enabled, index + 1],
    );
  }
}

export function toDeliveryArea(a: DeliveryAreaRecord): DeliveryArea {
  return {
    city: a.city,
    name: a.name,
    fee: a.feeKobo / 100,
    delivery_time: a.deliveryTime,
    enabled: a.enabled,
  };
}

// ------------------------------------------------------------------ pickup stations

interface StationRow {
  id: unknown;
  name: string;
  address: string;
  opening_hours: string;
  phone: string;
  fee_kobo: unknown;
}

const STATION_COLUMNS = 'id, name, address, opening_hours, phone, fee_kobo';

const toStation = (r: StationRow): PickupStation => ({
  id: num(r.id),
  name: r.name,
  address: r.address,
  opening_hours: r.opening_hours,
  phone: r.phone,
  fee: num(r.fee_kobo) / 100,
});

/** A station as written: its fee in kobo (the route checked it is whole kobo). */
export type PickupStationRecord = Omit<PickupStationInput, 'fee'> & { feeKobo: number };

export async function listPickupStations(db: Queryable): Promise<PickupStation[]> {
  const rows = await db.query<StationRow>(
    `SELECT ${STATION_COLUMNS} FROM pickup_stations ORDER BY id`,
  );
  return rows.map(toStation);
}

export async function findPickupStation(
  db: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PickupStation | null> {
  const rows = await db.query<StationRow>(
    `SELECT ${STATION_COLUMNS} FROM pickup_stations WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? toStation(rows[0]) : null;
}

export async function insertPickupStation(
  q: Queryable,
  s: PickupStationRecord,
): Promise<PickupStation> {
  const rows = await q.query<StationRow>(
    `INSERT INTO pickup_stations (name, address, opening_hours, phone, fee_kobo)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${STATION_COLUMNS}`,
    [s.name, s.address, s.opening_hours, s.phone, s.feeKobo],
  );
  return toStation(rows[0]!);
}

export async function updatePickupStation(
  q: Queryable,
  id: number,
  s: PickupStationRecord,
): Promise<PickupStation | null> {
  const rows = await q.query<StationRow>(
    `UPDATE pickup_stations SET name = $2, address = $3, opening_hours = $4, phone = $5,
       fee_kobo = $6
      WHERE id = $1 RETURNING ${STATION_COLUMNS}`,
    [id, s.name, s.address, s.opening_hours, s.phone, s.feeKobo],
  );
  return rows[0] ? toStation(rows[0]) : null;
}

export async function deletePickupStation(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM pickup_stations WHERE id = $1', [id]);
}

export async function countPickupStations(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: unknown }>('SELECT count(*) AS n FROM pickup_stations');
  return num(rows[0]?.n ?? 0);
}

/**
 * Where a pickup order is collected and what it costs: the first station, or the shop's own
 * address with the environment's opening hours, free, while no station is written.
 */
export async function pickupPoint(
  db: Queryable,
  config: Settings,
): Promise<{ address: string; opening_hours: string; feeKobo: number }> {
  const rows = await db.query<{ address: string; opening_hours: string; fee_kobo: unknown }>(
    'SELECT address, opening_hours, fee_kobo FROM pickup_stations ORDER BY id LIMIT 1',
  );
  const r = rows[0];
  if (r) return { address: r.address, opening_hours: r.opening_hours, feeKobo: num(r.fee_kobo) };
  const settings = await readShopSettings(db, config);
  return { address: settings.address, opening_hours: config.pickup.openingHours, feeKobo: 0 };
}
