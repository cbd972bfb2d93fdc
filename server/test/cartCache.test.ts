/**
 * The cart answer kept in memory (server/src/cartCache.ts): every change to a cart or to
 * the catalogue, by whatever code or server, shows in the very next read.
 */
import type { Cart } from '../../contract';
import { createCartCache } from '../src/cartCache';
import type { App } from '../src/app';
import {
  call,
  createShopper,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();

let shopper: Shopper;
let rice: TestProduct;
let garri: TestProduct;

beforeEach(async () => {
  shopper = await createShopper(t.app, t.db);
  [rice, garri] = (await seedProducts(t.db, [
    { name: 'Mama Gold Rice 10kg', price: 18500, disc: 1000, stock: 5 },
    { name: 'Ijebu Garri 4kg', price: 4800, stock: 3 },
  ])) as [TestProduct, TestProduct];
  await fillCart(t.app, shopper, [[rice.id, 1]]);
});

async function cart(app: App = t.app, who: Shopper = shopper): Promise<Cart> {
  const r = await call(app, { url: '/api/all-carts', token: who.token });
  expect(r.statusCode).toBe(200);
  return json<Cart>(r);
}

const lineOf = async (productId: number, app: App = t.app) =>
  (await cart(app)).all_cart_data.find((line) => line.product.id === productId);

test('a cart read again without a change comes from memory on the embedded database only', async () => {
  await cart();
  // A change the database does not announce: only a kept answer would miss it.
  await t.db.transaction(async (tx) => {
    await tx.query("SELECT set_config('storefront.notify_cart_changes', 'off', true)");
    await tx.query('UPDATE cart_items SET quantity = 4 WHERE user_id = $1', [shopper.id]);
  });
  expect((await lineOf(rice.id))?.quantity).toBe(t.db.kind === 'pglite' ? 1 : 4);
});

test("the shopper's own add, change and removal show in the next read", async () => {
  expect((await cart()).all_cart_data).toHaveLength(1);
  await fillCart(t.app, shopper, [[garri.id, 2]]);
  const added = await lineOf(garri.id);
  expect(added?.quantity).toBe(2);

  const changed = await call(t.app, {
    method: 'PATCH',
    url: `/api/update-cart/${added?.id}`,
    token: shopper.token,
    body: { quantity: 3 },
  });
  expect(changed.statusCode).toBe(200);
  expect((await lineOf(garri.id))?.quantity).toBe(3);
  expect((await cart()).price_before_vat).toBe(17500 + 3 * 4800);

  const removed = await call(t.app, {
    method: 'DELETE',
    url: `/api/delete-cart/${added?.id}`,
    token: shopper.token,
  });
  expect(removed.statusCode).toBe(200);
  expect(await lineOf(garri.id)).toBeUndefined();
});

test('a price change shows in the next read, totals included', async () => {
  expect((await cart()).price_before_vat).toBe(17500);
  await t.db.query(
    'UPDATE products SET amount_kobo = 2000000, disc_amount_kobo = NULL WHERE id = $1',
    [rice.id],
  );
  const after = await cart();
  expect(after.all_cart_data[0]?.product.amount).toBe(20000);
  expect(after.all_cart_data[0]?.product.disc_amount).toBeNull();
  expect(after.price_before_vat).toBe(20000);
});

test("a stock change (another shopper's purchase, a restock) shows in the next read", async () => {
  expect((await lineOf(rice.id))?.product.inventory_stock).toBe(5);
  await t.db.query('UPDATE products SET inventory_stock = inventory_stock - 4 WHERE id = $1', [
    rice.id,
  ]);
  expect((await lineOf(rice.id))?.product.inventory_stock).toBe(1);
  await t.db.query('UPDATE products SET inventory_stock = 40 WHERE id = $1', [rice.id]);
  expect((await lineOf(rice.id))?.product.inventory_stock).toBe(40);
});

test("a vendor's new name shows in the next read", async () => {
  await cart();
  await t.db.query("UPDATE vendors SET name = 'Bodija Wholesale'");
  expect((await lineOf(rice.id))?.product.vendor.name).toBe('Bodija Wholesale');
});

test('lines changed by other code (checkout, a removed product) show in the next read', async () => {
  await fillCart(t.app, shopper, [[garri.id, 1]]);
  expect((await cart()).all_cart_data).toHaveLength(2);
  // As placing an order does, in a transaction of its own.
  await t.db.transaction(async (tx) => {
    await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND product_id = $2', [
      shopper.id,
      garri.id,
    ]);
  });
  expect((await cart()).all_cart_data.map((line) => line.product.id)).toEqual([rice.id]);
  // The line goes with its product.
  await t.db.query('DELETE FROM products WHERE id = $1', [rice.id]);
  expect((await cart()).all_cart_data).toEqual([]);
});

test('a change rolled back changes nothing, and the next change still shows', async () => {
  await cart();
  await expect(
    t.db.transaction(async (tx) => {
      await tx.query('UPDATE cart_items SET quantity = 4 WHERE user_id = $1', [shopper.id]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect((await lineOf(rice.id))?.quantity).toBe(1);
  await t.db.query('UPDATE cart_items SET quantity = 2 WHERE user_id = $1', [shopper.id]);
  expect((await lineOf(rice.id))?.quantity).toBe(2);
});

test("another server's change on the same database shows in this server's next read", async () => {
  const other = await t.build();
  await cart();
  await cart(other);
  await fillCart(other, shopper, [[garri.id, 2]]);
  expect((await lineOf(garri.id))?.quantity).toBe(2);
  await t.db.query('UPDATE products SET amount_kobo = 500000 WHERE id = $1', [garri.id]);
  expect((await lineOf(garri.id, other))?.product.amount).toBe(5000);
  expect((await lineOf(garri.id))?.product.amount).toBe(5000);
});

test("one shopper's change leaves another's kept cart right", async () => {
  const second = await createShopper(t.app, t.db);
  await fillCart(t.app, second, [[garri.id, 1]]);
  await cart(t.app, second);
  await fillCart(t.app, shopper, [[garri.id, 1]]);
  expect((await cart(t.app, second)).all_cart_data.map((l) => l.quantity)).toEqual([1]);
  await fillCart(t.app, second, [[garri.id, 1]]);
  expect((await cart(t.app, second)).all_cart_data.map((l) => l.quantity)).toEqual([2]);
});

describe('createCartCache', () => {
  const answer = (total: number): Cart => ({
    price_before_vat: total,
    vat_value: 0,
    price_after_vat: total,
    all_cart_data: [],
  });

  test('a read that a change overtook is answered but not kept', async () => {
    const cache = createCartCache();
    cache.setListening(true);
    let finish: (cart: Cart) => void = () => undefined;
    const reading = cache.read(1, () => new Promise<Cart>((resolve) => (finish = resolve)));
    cache.forget('1');
    finish(answer(100));
    expect(await reading).toEqual(answer(100));
    expect(cache.size).toBe(0);
    expect(await cache.read(1, async () => answer(200))).toEqual(answer(200));
    expect(cache.size).toBe(1);
  });

  test('keeps nothing until it hears the announcements, and forgets all when it stops', async () => {
    const cache = createCartCache();
    await cache.read(1, async () => answer(1));
    expect(cache.size).toBe(0);
    cache.setListening(true);
    await cache.read(1, async () => answer(1));
    await cache.read(2, async () => answer(2));
    expect(cache.size).toBe(2);
    cache.forget('*');
    expect(cache.size).toBe(0);
    await cache.read(1, async () => answer(1));
    cache.setListening(false);
    expect(cache.size).toBe(0);
  });

  test('keeps at most its limit, dropping the cart read longest ago', async () => {
    const cache = createCartCache({ maxEntries: 2 });
    cache.setListening(true);
    await cache.read(1, async () => answer(1));
    await cache.read(2, async () => answer(2));
    await cache.read(1, async () => answer(0));
    await cache.read(3, async () => answer(3));
    expect(cache.size).toBe(2);
    expect(await cache.read(1, async () => answer(-1))).toEqual(answer(1));
    expect(await cache.read(2, async () => answer(-2))).toEqual(answer(-2));
  });
});
