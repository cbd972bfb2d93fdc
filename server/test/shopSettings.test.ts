/**
 * The shop's own details as data (issue 34, item 6): delivery areas with their fee, time and
 * switch, pickup stations, and the settings the owner edits; who may change them; and what
 * shoppers, orders and kept pages see of a change.
 */
import type {
  DeliveryArea,
  Order,
  OrderDetail,
  PickupStation,
  ShopInfo,
  ShopSettings,
} from '../../contract';
import { DELIVERY_AREA_NAMES, DELIVERY_CITIES } from '../../contract';
import { ensureShopSettings } from '../src/db/shopSettings';
import {
  buy,
  call,
  createShopMember,
  createShopper,
  DELIVERY,
  detailOf,
  fillCart,
  initialize,
  json,
  lastMessageTo,
  seedProducts,
  setupHarness,
  testConfig,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness({ env: { PAY_LATER_MAX_NAIRA: '100000' } });

let owner: Shopper;
let milo: TestProduct;
beforeEach(async () => {
  owner = await createShopMember(t.app, t.db, 'owner');
  [milo] = (await seedProducts(t.db, [{ name: 'Milo 500g', price: 5600, stock: 50 }])) as [
    TestProduct,
  ];
});

const areas = async (): Promise<DeliveryArea[]> => {
  const r = await call(t.app, { url: '/api/staff/delivery-areas', token: owner.token });
  expect(r.statusCode).toBe(200);
  return json<DeliveryArea[]>(r);
};

const putAreas = (body: unknown, token = owner.token) =>
  call(t.app, { method: 'PUT', url: '/api/staff/delivery-areas', token, body });

/** The whole list with one area changed. */
async function withArea(city: string, change: Partial<DeliveryArea>): Promise<DeliveryArea[]> {
  return (await areas()).map((a) => (a.city === city ? { ...a, ...change } : a));
}

const shop = async (): Promise<ShopInfo> => json<ShopInfo>(await call(t.app, { url: '/api/shop' }));

const SETTINGS: ShopSettings = {
  name: 'Ibadan Market',
  address: '22 Bodija Market Road, Ibadan',
  phone: '08091112222',
  whatsapp_number: '08091112222',
  pay_later_max_total: 80000,
  pay_later_first_order_max_total: 20000,
  pay_later_open_max_total: 120000,
};

const STATION = {
  name: 'Dugbe station',
  address: '3 Dugbe Road, Ibadan',
  opening_hours: 'Monday to Friday, 9 am to 5 pm',
  phone: '08055556666',
};

async function addDelivery(shopper: Shopper) {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/delivery',
    token: shopper.token,
    body: DELIVERY,
  });
  expect(r.statusCode).toBe(200);
}

describe('delivery areas', () => {
  test('the default data is the spec’s twelve areas at ₦1,150, 1-3 business days, all on', async () => {
    const list = await areas();
    expect(list.map((a) => a.city)).toEqual([...DELIVERY_CITIES]);
    for (const a of list) {
      expect(a).toEqual({
        city: a.city,
        // As people say them (migration 021); the value stays the contract's.
        name: DELIVERY_AREA_NAMES[a.city],
        fee: 1150,
        delivery_time: '1-3 business days',
        enabled: true,
      });
    }
    expect((await shop()).areas).toHaveLength(12);
  });

  test('the owner changes a fee, a name and a switch; the shop and the change log show it', async () => {
    let list = await withArea('Ibadan-Bodija', {
      fee: 1500,
      name: 'Bodija',
      delivery_time: 'Next day',
    });
    list = list.map((a) => (a.city === 'Ibadan-Ojo' ? { ...a, enabled: false } : a));
    const r = await putAreas(list);
    expect(r.statusCode).toBe(200);
    expect(json<DeliveryArea[]>(r).find((a) => a.city === 'Ibadan-Bodija')).toEqual({
      city: 'Ibadan-Bodija',
      name: 'Bodija',
      fee: 1500,
      delivery_time: 'Next day',
      enabled: true,
    });
    const info = await shop();
    expect(info.areas.find((a) => a.city === 'Ibadan-Bodija')).toEqual({
      city: 'Ibadan-Bodija',
      name: 'Bodija',
      fee: 1500,
      delivery_time: 'Next day',
    });
    expect(info.areas.some((a) => a.city === 'Ibadan-Ojo')).toBe(false);
    const log = await t.db.query<{ actor_id: number; entity: string; action: string }>(
      'SELECT actor_id, entity, action FROM back_office_changes',
    );
    expect(log).toEqual([{ actor_id: owner.id, entity: 'delivery_areas', action: 'update' }]);
  });

  test('bad input is refused in words and nothing is half-applied', async () => {
    const before = await areas();
    const cases: [unknown, string][] = [
      [await withArea('Ibadan-Bodija', { fee: -1 }), 'Enter a delivery fee from ₦0 to ₦1,000,000'],
      [await withArea('Ibadan-Bodija', { fee: 10.555 }), 'at most two decimals'],
      [await withArea('Ibadan-Bodija', { name: '  ' }), 'Enter the name shoppers see'],
      [await withArea('Ibadan-Bodija', { delivery_time: '' }), 'Say how long delivery takes'],
      [
        await withArea('Ibadan-Bodija', { city: 'Lagos-Ikeja' as never }),
        "Choose one of the shop's areas",
      ],
      [(await areas()).slice(1), 'missing: Ibadan-Agodi'],
      [[...(await areas()).slice(1), (await areas())[1]], 'is in the list twice'],
      [{ areas: [] }, "Send the list of the shop's 12 areas"],
    ];
    for (const [body, words] of cases) {
      const r = await putAreas(body);
      expect(r.statusCode).toBe(422);
      expect(JSON.stringify(detailOf(r))).toContain(words);
    }
    expect(await areas()).toEqual(before);
    const logged = await t.db.query('SELECT 1 FROM back_office_changes');
    expect(logged).toHaveLength(0);
  });

  test('staff read the areas but may not change them; shoppers and strangers get nothing', async () => {
    const staff = await createShopMember(t.app, t.db, 'staff');
    const shopper = await createShopper(t.app, t.db);
    const list = await areas();
    expect(
      (await call(t.app, { url: '/api/staff/delivery-areas', token: staff.token })).statusCode,
    ).toBe(200);
    const refused = await putAreas(list, staff.token);
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toBe('Only the shop owner can do this');
    expect((await putAreas(list, shopper.token)).statusCode).toBe(403);
    expect(
      (await call(t.app, { url: '/api/staff/delivery-areas', token: shopper.token })).statusCode,
    ).toBe(403);
    expect((await call(t.app, { url: '/api/staff/delivery-areas' })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/staff/delivery-areas', body: list }))
        .statusCode,
    ).toBe(401);
  });

  test('a switched-off area is refused in words when the location is saved, and at checkout', async () => {
    const shopper = await createShopper(t.app, t.db);
    await addDelivery(shopper);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    expect(
      (await putAreas(await withArea('Ibadan-Bodija', { enabled: false, name: 'Bodija' })))
        .statusCode,
    ).toBe(200);

    const start = await call(t.app, {
      method: 'POST',
      url: '/api/initialize-transaction',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'delivery' },
    });
    expect(start.statusCode).toBe(409);
    expect(detailOf(start)).toBe(
      'We are not delivering to Bodija at the moment. Choose another area, or pick up your order from our station.',
    );
    const later = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    });
    expect(later.statusCode).toBe(409);
    expect(detailOf(later)).toContain('not delivering to Bodija');

    const other = await createShopper(t.app, t.db);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: other.token,
      body: DELIVERY,
    });
    expect(saved.statusCode).toBe(409);
    expect(detailOf(saved)).toContain('not delivering to Bodija');
    expect((await call(t.app, { url: '/api/get-delivery', token: other.token })).statusCode).toBe(
      404,
    );
    // Pickup still works, at the station's fee (free by default).
    expect((await initialize(t.app, shopper, 'pickup')).amountKobo).toBe(560000 + 42000);
  });

  test('a delivery order is charged its area’s fee; a payment keeps the fee it was priced with', async () => {
    await putAreas(await withArea('Ibadan-Bodija', { fee: 2000 }));
    const shopper = await createShopper(t.app, t.db);
    await addDelivery(shopper);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    // 5,600 + VAT 420 + 2,000
    const { reference, amountKobo } = await initialize(t.app, shopper, 'delivery');
    expect(amountKobo).toBe(802000);
    await putAreas(await withArea('Ibadan-Bodija', { fee: 3000 }));
    await call(t.app, {
      method: 'POST',
      url: `/api/sandbox/pay/${reference}`,
      token: shopper.token,
    });
    const placed = await call(t.app, {
      method: 'POST',
      url: '/api/checkout',
      token: shopper.token,
      body: { reference_id: reference, delivery_model: 'delivery' },
    });
    expect(placed.statusCode).toBe(200);
    const order = json<Order>(placed);
    expect(order.total_amount).toBe(8020);
    expect(order.amounts?.delivery_and_packaging).toBe(2000);

    // Paying later: the fee of now.
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const later = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    });
    expect(later.statusCode).toBe(200);
    expect(json<Order>(later).amounts?.delivery_and_packaging).toBe(3000);
    expect(json<Order>(later).total_amount).toBe(9020);
  });

  test('a change bumps the catalogue version, which keys every server’s kept pages', async () => {
    const version = async () =>
      Number((await t.db.query<{ v: unknown }>('SELECT version AS v FROM catalogue_state'))[0]?.v);
    const before = await version();
    await putAreas(await withArea('Ibadan-Bodija', { fee: 1200 }));
    const afterAreas = await version();
    expect(afterAreas).toBeGreaterThan(before);
    await call(t.app, {
      method: 'PUT',
      url: '/api/staff/shop-settings',
      token: owner.token,
      body: SETTINGS,
    });
    const afterSettings = await version();
    expect(afterSettings).toBeGreaterThan(afterAreas);
    await call(t.app, {
      method: 'POST',
      url: '/api/staff/pickup-stations',
      token: owner.token,
      body: STATION,
    });
    expect(await version()).toBeGreaterThan(afterSettings);
  });
});

describe('shop settings', () => {
  test('until the owner saves, the settings are the environment’s', async () => {
    const r = await call(t.app, { url: '/api/staff/shop-settings', token: owner.token });
    expect(r.statusCode).toBe(200);
    expect(json<ShopSettings>(r)).toEqual({
      name: 'Ibadan Market',
      address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
      phone: '08030001234',
      whatsapp_number: '2348030001234',
      pay_later_max_total: 100000,
      pay_later_first_order_max_total: 30000,
      pay_later_open_max_total: 150000,
    });
  });

  test('the first start writes the environment’s values; later starts leave the owner’s alone', async () => {
    const config = testConfig({
      PICKUP_ADDRESS: '1 First Road, Ibadan',
      SHOP_WHATSAPP: '08012345678',
    });
    await ensureShopSettings(t.db, config);
    expect((await shop()).address).toBe('1 First Road, Ibadan');
    expect((await shop()).whatsapp_number).toBe('2348012345678');
    expect((await shop()).stations).toMatchObject([{ address: '1 First Road, Ibadan' }]);
    await call(t.app, {
      method: 'PUT',
      url: '/api/staff/shop-settings',
      token: owner.token,
      body: SETTINGS,
    });
    await ensureShopSettings(t.db, testConfig({ PICKUP_ADDRESS: '9 Other Road, Ibadan' }));
    expect((await shop()).address).toBe(SETTINGS.address);
    expect((await shop()).stations).toHaveLength(1);
  });

  test('the owner’s settings reach the shop, order pages, messages and pay-later caps', async () => {
    const r = await call(t.app, {
      method: 'PUT',
      url: '/api/staff/shop-settings',
      token: owner.token,
      body: { ...SETTINGS, name: '  Ibadan Market  ', pay_later_first_order_max_total: 5000 },
    });
    expect(r.statusCode).toBe(200);
    expect(json<ShopSettings>(r)).toEqual({
      ...SETTINGS,
      whatsapp_number: '2348091112222',
      pay_later_first_order_max_total: 5000,
    });
    const info = await shop();
    expect(info).toMatchObject({
      name: 'Ibadan Market',
      address: SETTINGS.address,
      phone: '08091112222',
      whatsapp_number: '2348091112222',
      pay_later: { max_total: 80000, first_order_max_total: 5000 },
    });

    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    // 5,600 + 420 + 1,150 = 7,170: above the first order's cap of 5,000.
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    });
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused)).toContain('₦5,000');

    const order = await buy(t.app, shopper, 'pickup');
    const detail = json<OrderDetail>(
      await call(t.app, { url: `/api/orders/${order.id}`, token: shopper.token }),
    );
    expect(detail.whatsapp.number).toBe('2348091112222');
    const message = await lastMessageTo(t.db, shopper.email);
    expect(message?.body).toContain('+2348091112222');
  });

  test('bad settings are refused in words, and nothing changes', async () => {
    const cases: [Partial<ShopSettings>, string][] = [
      [{ name: '' }, "Enter the shop's name"],
      [{ address: ' ' }, "Enter the shop's address"],
      [{ phone: '123' }, 'Enter a valid Nigerian mobile number'],
      [{ whatsapp_number: 'call me' }, 'Enter the WhatsApp number'],
      [{ pay_later_max_total: -5 }, 'Enter the pay-later limit per order'],
      [{ pay_later_first_order_max_total: 90000 }, "The first order's limit cannot be above"],
    ];
    for (const [change, words] of cases) {
      const r = await call(t.app, {
        method: 'PUT',
        url: '/api/staff/shop-settings',
        token: owner.token,
        body: { ...SETTINGS, ...change },
      });
      expect(r.statusCode).toBe(422);
      expect(JSON.stringify(detailOf(r))).toContain(words);
    }
    expect((await shop()).phone).toBe('08030001234');
  });

  test('only the owner reads or changes the settings', async () => {
    const staff = await createShopMember(t.app, t.db, 'staff');
    const shopper = await createShopper(t.app, t.db);
    for (const token of [staff.token, shopper.token]) {
      expect((await call(t.app, { url: '/api/staff/shop-settings', token })).statusCode).toBe(403);
      expect(
        (
          await call(t.app, {
            method: 'PUT',
            url: '/api/staff/shop-settings',
            token,
            body: SETTINGS,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call(t.app, { url: '/api/staff/shop-settings' })).statusCode).toBe(401);
  });
});

describe('pickup stations', () => {
  const post = (body: unknown, token = owner.token) =>
    call(t.app, { method: 'POST', url: '/api/staff/pickup-stations', token, body });

  test('the owner adds, edits and removes stations; the first one is where pickup orders go', async () => {
    const first = await post({ ...STATION, name: ' Bodija station ', phone: '+2348055556666' });
    expect(first.statusCode).toBe(201);
    const bodija = json<PickupStation>(first);
    expect(bodija).toMatchObject({ name: 'Bodija station', phone: '08055556666' });
    const second = json<PickupStation>(await post(STATION));

    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/staff/pickup-stations/${bodija.id}`,
      token: owner.token,
      body: {
        ...STATION,
        name: 'Bodija station',
        address: '5 New Road, Bodija',
        opening_hours: 'Daily, 7 am to 7 pm',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((await shop()).pickup).toEqual({
      address: '5 New Road, Bodija',
      opening_hours: 'Daily, 7 am to 7 pm',
      fee: 0,
    });
    expect((await shop()).stations.map((s) => s.name)).toEqual(['Bodija station', 'Dugbe station']);

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/staff/pickup-stations/${bodija.id}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(json<PickupStation[]>(removed).map((s) => s.id)).toEqual([second.id]);

    const last = await call(t.app, {
      method: 'DELETE',
      url: `/api/staff/pickup-stations/${second.id}`,
      token: owner.token,
    });
    expect(last.statusCode).toBe(409);
    expect(detailOf(last)).toBe(
      'Pickup orders need a station: add another one before removing the last.',
    );
    const log = await t.db.query<{ entity: string; action: string }>(
      'SELECT entity, action FROM back_office_changes ORDER BY id',
    );
    expect(log.map((l) => l.action)).toEqual(['create', 'create', 'update', 'delete']);
  });

  test('bad station input and unknown stations are answered in words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, "Enter the station's name"],
      [{ address: '' }, "Enter the station's address"],
      [{ opening_hours: ' ' }, 'Enter the opening hours'],
      [{ phone: '0803' }, 'Enter a valid Nigerian mobile number'],
    ];
    for (const [change, words] of cases) {
      const r = await post({ ...STATION, ...change });
      expect(r.statusCode).toBe(422);
      expect(JSON.stringify(detailOf(r))).toContain(words);
    }
    const missing = await call(t.app, {
      method: 'PUT',
      url: '/api/staff/pickup-stations/999',
      token: owner.token,
      body: STATION,
    });
    expect(missing.statusCode).toBe(404);
    expect(detailOf(missing)).toContain('This pickup station does not exist');
    expect(
      (await call(t.app, { url: '/api/staff/pickup-stations', token: owner.token })).body,
    ).toBe('[]');
  });

  test('staff see the stations but cannot change them; shoppers get 403', async () => {
    const staff = await createShopMember(t.app, t.db, 'staff');
    const shopper = await createShopper(t.app, t.db);
    expect(
      (await call(t.app, { url: '/api/staff/pickup-stations', token: staff.token })).statusCode,
    ).toBe(200);
    expect((await post(STATION, staff.token)).statusCode).toBe(403);
    expect((await post(STATION, shopper.token)).statusCode).toBe(403);
    expect(
      (await call(t.app, { url: '/api/staff/pickup-stations', token: shopper.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/staff/pickup-stations', body: STATION }))
        .statusCode,
    ).toBe(401);
  });
});
