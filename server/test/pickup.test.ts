/**
 * Pickup without a home address (issue 37, items 5 and 6): a pickup order needs only a name
 * and a phone number and is charged its station's own fee (free unless the owner sets one);
 * delivery still needs its location; the areas read as people say them, and a delivery
 * location keeps a landmark.
 */
import type { Delivery, Order, PickupContact, PickupStation, ShopInfo } from '../../contract';
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
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();

let shopper: Shopper;
let milo: TestProduct;
beforeEach(async () => {
  [milo] = (await seedProducts(t.db, [{ name: 'Milo 500g', price: 5600, stock: 50 }])) as [
    TestProduct,
  ];
  shopper = await createShopper(t.app, t.db);
});

const putContact = (body: unknown, token = shopper.token) =>
  call(t.app, { method: 'PUT', url: '/api/pickup-contact', token, body });

const shop = async (): Promise<ShopInfo> => json<ShopInfo>(await call(t.app, { url: '/api/shop' }));

/** The owner adds a station (the first is where pickup orders go), then sets its fee. */
async function setStationFee(fee: number): Promise<PickupStation> {
  const owner = await createShopMember(t.app, t.db, 'owner');
  const station = {
    name: 'Bodija station',
    address: '5 New Road, Bodija',
    opening_hours: 'Daily, 7 am to 7 pm',
    phone: '08055556666',
  };
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/staff/pickup-stations',
    token: owner.token,
    body: station,
  });
  expect(json<PickupStation>(created).fee).toBe(0);
  const r = await call(t.app, {
    method: 'PUT',
    url: `/api/staff/pickup-stations/${json<PickupStation>(created).id}`,
    token: owner.token,
    body: { ...station, fee },
  });
  expect(r.statusCode).toBe(200);
  // An edit that leaves the fee out keeps it.
  const again = await call(t.app, {
    method: 'PUT',
    url: `/api/staff/pickup-stations/${json<PickupStation>(created).id}`,
    token: owner.token,
    body: station,
  });
  return json<PickupStation>(again);
}

describe('pickup', () => {
  test('with no delivery location, a name and phone are enough, and pickup is free by default', async () => {
    expect(
      (await call(t.app, { url: '/api/pickup-contact', token: shopper.token })).statusCode,
    ).toBe(404);
    const saved = await putContact({ name: ' Ada Okafor ', mobile_number: '+2348031112222' });
    expect(saved.statusCode).toBe(200);
    expect(json<PickupContact>(saved)).toEqual({
      name: 'Ada Okafor',
      mobile_number: '08031112222',
    });
    expect(
      json<PickupContact>(await call(t.app, { url: '/api/pickup-contact', token: shopper.token })),
    ).toEqual({ name: 'Ada Okafor', mobile_number: '08031112222' });

    await fillCart(t.app, shopper, [[milo.id, 1]]);
    // 5,600 + VAT 420, no delivery and packaging.
    expect((await initialize(t.app, shopper, 'pickup')).amountKobo).toBe(602000);
    const { reference } = await buy(t.app, shopper, 'pickup');
    const orders = json<Order[]>(await call(t.app, { url: '/api/orders', token: shopper.token }));
    const order = orders.find((o) => o.reference === reference)!;
    expect(order.amounts?.delivery_and_packaging).toBe(0);
    expect(order.total_amount).toBe(6020);
    expect(order.deliveries).toMatchObject({ mobile_number: '08031112222', address: '' });
  });

  test('the station’s own fee is charged and shown to shoppers', async () => {
    expect((await shop()).pickup.fee).toBe(0);
    expect((await setStationFee(300)).fee).toBe(300);
    expect((await shop()).pickup.fee).toBe(300);
    await putContact({ name: 'Ada Okafor', mobile_number: '08031112222' });
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    expect((await initialize(t.app, shopper, 'pickup')).amountKobo).toBe(602000 + 30000);
    // Paying at pickup: the same fee.
    const later = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    });
    expect(later.statusCode).toBe(200);
    expect(json<Order>(later).amounts?.delivery_and_packaging).toBe(300);
  });

  test('a station fee with more than two decimals is refused in words', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/staff/pickup-stations',
      token: owner.token,
      body: {
        name: 'Dugbe station',
        address: '3 Dugbe Road, Ibadan',
        opening_hours: 'Monday to Friday, 9 am to 5 pm',
        phone: '08055556666',
        fee: 12.345,
      },
    });
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(detailOf(r))).toContain('at most two decimals');
  });

  test('delivery still needs its location and its area’s fee', async () => {
    await putContact({ name: 'Ada Okafor', mobile_number: '08031112222' });
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const start = await call(t.app, {
      method: 'POST',
      url: '/api/initialize-transaction',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'delivery' },
    });
    expect(start.statusCode).toBe(400);
    expect(detailOf(start)).toBe('Add your delivery location');
    await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: DELIVERY,
    });
    expect((await initialize(t.app, shopper, 'delivery')).amountKobo).toBe(602000 + 115000);
  });

  test('a contact without a usable name or number is refused in words and nothing is saved', async () => {
    const badPhone = await putContact({ name: 'Ada', mobile_number: '12345' });
    expect(badPhone.statusCode).toBe(422);
    expect(JSON.stringify(detailOf(badPhone))).toMatch(/mobile number/i);
    const noName = await putContact({ name: '   ', mobile_number: '08031112222' });
    expect(noName.statusCode).toBe(422);
    expect(JSON.stringify(detailOf(noName))).toContain('Enter the name of whoever collects');
    expect(
      (await call(t.app, { url: '/api/pickup-contact', token: shopper.token })).statusCode,
    ).toBe(404);
    expect(
      (await putContact({ name: 'Ada', mobile_number: '08031112222' }, 'nope')).statusCode,
    ).toBe(401);
  });
});

describe('readable areas and landmarks', () => {
  test('areas read as people say them; the value stays the contract’s', async () => {
    const areas = (await shop()).areas;
    expect(areas.find((a) => a.city === 'Ibadan-Idi_Ape-Ashi')?.name).toBe('Idi-Ape / Ashi');
    expect(areas.find((a) => a.city === 'Ibadan-UI (University of Ibadan)')?.name).toBe(
      'UI (University of Ibadan)',
    );
  });

  test('a landmark is kept with the location; an update without one keeps it', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: { ...DELIVERY, landmark: ' Opposite Total filling station ' },
    });
    expect(created.statusCode).toBe(200);
    const delivery = json<Delivery>(created);
    expect(delivery.landmark).toBe('Opposite Total filling station');
    const updated = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-delivery/${delivery.id}`,
      token: shopper.token,
      body: { ...DELIVERY, address: '14 Ring Road, Challenge' },
    });
    expect(json<Delivery>(updated)).toMatchObject({
      address: '14 Ring Road, Challenge',
      landmark: 'Opposite Total filling station',
    });
    const cleared = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-delivery/${delivery.id}`,
      token: shopper.token,
      body: { ...DELIVERY, landmark: '' },
    });
    expect(json<Delivery>(cleared).landmark).toBe('');
  });
});
