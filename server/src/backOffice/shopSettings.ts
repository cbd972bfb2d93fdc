/**
 * The shop's own details as data the owner edits: name, address, phones, pay-later caps,
 * delivery areas and pickup stations. Staff may read the areas and stations (they route the
 * orders); only the owner changes anything. Each change is one transaction with its entry in
 * the change log, and bumps the catalogue version (migration 014's triggers), so every
 * server's kept pages show it at once.
 */
import {
  DELIVERY_CITIES,
  DeliveryAreaListSchema,
  PickupStationInputSchema,
  PickupStationListSchema,
  PickupStationParamsSchema,
  PickupStationSchema,
  ShopSettingsSchema,
  type DeliveryArea,
  type PickupStationInput,
  type ShopInfo,
  type ShopSettings,
  type ValidationIssue,
} from '../../../contract';
import type { Config } from '../config';
import type { RoutePlugin } from '../context';
import { recordChange } from '../db/changes';
import type { Queryable } from '../db/client';
import {
  countPickupStations,
  deletePickupStation,
  findPickupStation,
  insertPickupStation,
  internationalNumber,
  listDeliveryAreas,
  listPickupStations,
  pickupPoint,
  readShopSettings,
  replaceDeliveryAreas,
  toDeliveryArea,
  updatePickupStation,
  writeShopSettings,
  type DeliveryAreaRecord,
  type PickupStationRecord,
  type ShopSettingsRecord,
} from '../db/shopSettings';
import { normalizeMobile } from '../db/users';
import { toNaira } from '../money';
import { currentUser } from '../plugins/auth';
import { conflict, issue, notFound, unprocessable } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from './roles';

/** GET /shop: what the storefront shows about the shop, from the owner's data. */
export async function shopInfo(db: Queryable, config: Config): Promise<ShopInfo> {
  const settings = await readShopSettings(db, config);
  const areas = await listDeliveryAreas(db);
  const stations = await listPickupStations(db);
  return {
    name: settings.name,
    address: settings.address,
    phone: settings.phone,
    whatsapp_number: settings.whatsapp,
    pickup: await (async () => {
      const point = await pickupPoint(db, config);
      return {
        address: point.address,
        opening_hours: point.opening_hours,
        fee: toNaira(point.feeKobo),
      };
    })(),
    areas: areas
      .filter((a) => a.enabled)
      .map((a) => ({
        city: a.city,
        name: a.name,
        fee: toNaira(a.feeKobo),
        delivery_time: a.deliveryTime,
      })),
    stations,
    pay_later: {
      max_total: toNaira(settings.payLaterMaxKobo),
      first_order_max_total: toNaira(settings.payLaterFirstOrderMaxKobo),
    },
  };
}

/** Naira as typed to whole kobo, or null when it has more than two decimals. */
function toKobo(naira: number): number | null {
  const kobo = Math.round(naira * 100);
  return Math.abs(kobo - naira * 100) < 1e-6 ? kobo : null;
}

/** The whole list checked as one: every area once, fees to the kobo; issues in words. */
function checkAreas(list: DeliveryArea[]): DeliveryAreaRecord[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const areas: DeliveryAreaRecord[] = [];
  list.forEach((a, i) => {
    if (seen.has(a.city)) issues.push(issue(['body', i, 'city'], `${a.city} is in the list twice`));
    seen.add(a.city);
    const feeKobo = toKobo(a.fee);
    if (feeKobo === null)
      issues.push(issue(['body', i, 'fee'], 'Enter the fee in naira with at most two decimals'));
    areas.push({
      city: a.city,
      name: a.name.trim(),
      feeKobo: feeKobo ?? 0,
      deliveryTime: a.delivery_time.trim(),
      enabled: a.enabled,
    });
  });
  const missing = DELIVERY_CITIES.filter((city) => !seen.has(city));
  if (missing.length > 0)
    issues.push(
      issue(['body'], `Send every area of the shop; missing: ${missing.join(', ')}`, 'missing'),
    );
  if (issues.length > 0) throw unprocessable(issues);
  return areas;
}

function checkSettings(s: ShopSettings): ShopSettingsRecord {
  const issues: ValidationIssue[] = [];
  const kobo = (field: keyof ShopSettings, naira: number) => {
    const value = toKobo(naira);
    if (value === null)
      issues.push(issue(['body', field], 'Enter the amount in naira with at most two decimals'));
    return value ?? 0;
  };
  const record: ShopSettingsRecord = {
    name: s.name.trim(),
    address: s.address.trim(),
    phone: normalizeMobile(s.phone),
    whatsapp: internationalNumber(s.whatsapp_number),
    payLaterMaxKobo: kobo('pay_later_max_total', s.pay_later_max_total),
    payLaterFirstOrderMaxKobo: kobo(
      'pay_later_first_order_max_total',
      s.pay_later_first_order_max_total,
    ),
    payLaterOpenMaxKobo: kobo('pay_later_open_max_total', s.pay_later_open_max_total),
  };
  if (record.payLaterFirstOrderMaxKobo > record.payLaterMaxKobo)
    issues.push(
      issue(
        ['body', 'pay_later_first_order_max_total'],
        "The first order's limit cannot be above the limit for every order",
      ),
    );
  if (issues.length > 0) throw unprocessable(issues);
  return record;
}

function toShopSettings(s: ShopSettingsRecord): ShopSettings {
  return {
    name: s.name,
    address: s.address,
    phone: s.phone,
    whatsapp_number: s.whatsapp,
    pay_later_max_total: toNaira(s.payLaterMaxKobo),
    pay_later_first_order_max_total: toNaira(s.payLaterFirstOrderMaxKobo),
    pay_later_open_max_total: toNaira(s.payLaterOpenMaxKobo),
  };
}

/**
 * A station as it is written. A fee left out keeps the one it had (`keptFeeKobo`), so a
 * back office from before station fees never resets one; a new station is free.
 */
function cleanStation(s: PickupStationInput, keptFeeKobo = 0): PickupStationRecord {
  const feeKobo = s.fee === undefined ? keptFeeKobo : toKobo(s.fee);
  if (feeKobo === null) {
    throw unprocessable([
      issue(['body', 'fee'], 'Enter the fee in naira with at most two decimals'),
    ]);
  }
  return {
    name: s.name.trim(),
    address: s.address.trim(),
    opening_hours: s.opening_hours.trim(),
    phone: normalizeMobile(s.phone),
    feeKobo,
  };
}

const STATION_NOT_FOUND = 'This pickup station does not exist (it may have been removed)';

const shopSettingsRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  // As the order queue: in the demo the back office answers this computer only.
  const local = config.mode === 'demo' ? { onRequest: loopbackOnly } : {};
  const members = { ...local, preValidation: [ctx.requireUser, shopRole(db)] };
  const owner = { ...local, preValidation: [ctx.requireUser, shopRole(db, ['owner'])] };

  app.get(
    '/staff/delivery-areas',
    { ...members, schema: { response: { 200: DeliveryAreaListSchema } } },
    async () => (await listDeliveryAreas(db)).map(toDeliveryArea),
  );

  app.put(
    '/staff/delivery-areas',
    {
      ...owner,
      schema: { body: DeliveryAreaListSchema, response: { 200: DeliveryAreaListSchema } },
    },
    async (request) => {
      const areas = checkAreas(request.body);
      const actorId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const before = (await listDeliveryAreas(tx)).map(toDeliveryArea);
        await replaceDeliveryAreas(tx, areas);
        await recordChange(tx, {
          actorId,
          entity: 'delivery_areas',
          action: 'update',
          before,
          after: areas.map(toDeliveryArea),
        });
      });
      return (await listDeliveryAreas(db)).map(toDeliveryArea);
    },
  );

  app.get(
    '/staff/shop-settings',
    { ...owner, schema: { response: { 200: ShopSettingsSchema } } },
    async () => toShopSettings(await readShopSettings(db, config)),
  );

  app.put(
    '/staff/shop-settings',
    { ...owner, schema: { body: ShopSettingsSchema, response: { 200: ShopSettingsSchema } } },
    async (request) => {
      const settings = checkSettings(request.body);
      const actorId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const before = toShopSettings(await readShopSettings(tx, config, { lock: true }));
        await writeShopSettings(tx, settings);
        await recordChange(tx, {
          actorId,
          entity: 'settings',
          entityId: 'shop',
          action: 'update',
          before,
          after: toShopSettings(settings),
        });
      });
      return toShopSettings(settings);
    },
  );

  app.get(
    '/staff/pickup-stations',
    { ...members, schema: { response: { 200: PickupStationListSchema } } },
    async () => listPickupStations(db),
  );

  app.post(
    '/staff/pickup-stations',
    {
      ...owner,
      schema: { body: PickupStationInputSchema, response: { 201: PickupStationSchema } },
    },
    async (request, reply) => {
      const input = cleanStation(request.body);
      const actorId = currentUser(request).id;
      const station = await db.transaction(async (tx) => {
        const created = await insertPickupStation(tx, input);
        await recordChange(tx, {
          actorId,
          entity: 'pickup_station',
          entityId: created.id,
          action: 'create',
          after: created,
        });
        return created;
      });
      return reply.code(201).send(station);
    },
  );

  app.put(
    '/staff/pickup-stations/:id',
    {
      ...owner,
      schema: {
        params: PickupStationParamsSchema,
        body: PickupStationInputSchema,
        response: { 200: PickupStationSchema },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const before = await findPickupStation(tx, id, { lock: true });
        if (!before) throw notFound(STATION_NOT_FOUND);
        const input = cleanStation(request.body, Math.round(before.fee * 100));
        const after = (await updatePickupStation(tx, id, input))!;
        await recordChange(tx, {
          actorId,
          entity: 'pickup_station',
          entityId: id,
          action: 'update',
          before,
          after,
        });
        return after;
      });
    },
  );

  app.delete(
    '/staff/pickup-stations/:id',
    {
      ...owner,
      schema: { params: PickupStationParamsSchema, response: { 200: PickupStationListSchema } },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const { id } = request.params;
      await db.transaction(async (tx) => {
        // Locks every station so two removals at once cannot leave none.
        await tx.query('SELECT id FROM pickup_stations ORDER BY id FOR UPDATE');
        const before = await findPickupStation(tx, id);
        if (!before) throw notFound(STATION_NOT_FOUND);
        if ((await countPickupStations(tx)) <= 1)
          throw conflict('Pickup orders need a station: add another one before removing the last.');
        await deletePickupStation(tx, id);
        await recordChange(tx, {
          actorId,
          entity: 'pickup_station',
          entityId: id,
          action: 'delete',
          before,
        });
      });
      return listPickupStations(db);
    },
  );
};

export default shopSettingsRoutes;
