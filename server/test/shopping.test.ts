/** Cart, wishlist and delivery location. */
import type { Cart, CartItem, Delivery, WishlistEntry } from '../../contract';
import {
  call,
  createShopper,
  DELIVERY,
  detailOf,
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
let soap: TestProduct;
let charcoal: TestProduct;

beforeEach(async () => {
  shopper = await createShopper(t.app, t.db);
  [rice, garri, soap, charcoal] = (await seedProducts(t.db, [
    { name: 'Mama Gold Rice 10kg', price: 18500, disc: 1000, stock: 5 },
    { name: 'Ijebu Garri 4kg', price: 4800, stock: 3 },
    { name: 'Dettol Soap', price: 1333.33, stock: 100 },
    { name: 'Charcoal Bag', price: 4500, stock: 0 },
  ])) as [TestProduct, TestProduct, TestProduct, TestProduct];
});

const add = (
  productId: number,
  quantity: number,
  who: Shopper = shopper,
  extra: Record<string, unknown> = {},
) =>
  call(t.app, {
    method: 'POST',
    url: '/api/add-cart',
    token: who.token,
    body: { user_id: who.id, product_id: productId, quantity, price_per_item: 1, ...extra },
  });

const cart = async (who: Shopper = shopper) =>
  json<Cart>(await call(t.app, { url: '/api/all-carts', token: who.token }));

describe('cart', () => {
  test('add-cart prices from the catalogue, never from the client', async () => {
    const r = await add(rice.id, 2, shopper, { price_per_item: 0.01 });
    expect(r.statusCode).toBe(200);
    expect(json<CartItem>(r)).toEqual({
      id: expect.any(Number),
      quantity: 2,
      total_amount: 35000,
      product: {
        id: rice.id,
        slug: rice.slug,
        name: 'Mama Gold Rice 10kg',
        images: `/api/images/products/${rice.slug}.svg`,
        amount: 18500,
        disc_amount: 1000,
        inventory_stock: 5,
        vendor: { name: 'Test Vendor Bodija' },
      },
    });
  });

  test('adding the same product again adds to its one line', async () => {
    await add(garri.id, 1);
    const again = await add(garri.id, 2);
    expect(json<CartItem>(again).quantity).toBe(3);
    expect((await cart()).all_cart_data).toHaveLength(1);
  });

  test('stock limits: "Only N left in stock", out of stock, unknown product', async () => {
    const tooMany = await add(garri.id, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(detailOf(tooMany)).toBe('Only 3 left in stock');
    await add(garri.id, 2);
    const more = await add(garri.id, 2);
    expect(detailOf(more)).toBe('Only 3 left in stock (you already have 2 in your cart)');
    const none = await add(charcoal.id, 1);
    expect(none.statusCode).toBe(409);
    expect(detailOf(none)).toBe('This product is out of stock');
    const unknown = await add(99999, 1);
    expect(unknown.statusCode).toBe(404);
    expect(detailOf(unknown)).toBe('Product not found');
  });

  test('quantity must be 1 to 10000; user_id must be the caller', async () => {
    for (const quantity of [0, -1, 1.5, 10001]) {
      const r = await add(rice.id, quantity);
      expect(r.statusCode).toBe(422);
      expect(json<{ detail: { loc: unknown[]; msg: string }[] }>(r).detail[0]).toMatchObject({
        loc: ['body', 'quantity'],
        msg: 'Quantity must be a whole number from 1 to 10000',
      });
    }
    const other = await createShopper(t.app, t.db);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/add-cart',
      token: shopper.token,
      body: { user_id: other.id, product_id: rice.id, quantity: 1, price_per_item: 1 },
    });
    expect(r.statusCode).toBe(403);
    expect((await cart(other)).all_cart_data).toHaveLength(0);
  });

  test('all-carts totals: VAT 7.5% rounded to the kobo once per cart', async () => {
    // 3 x 1,333.33 = 3,999.99; + 17,500 = 21,499.99; VAT = 1,612.49925 -> 1,612.50
    await fillCart(t.app, shopper, [
      [soap.id, 3],
      [rice.id, 1],
    ]);
    const c = await cart();
    expect(c.price_before_vat).toBe(21499.99);
    expect(c.vat_value).toBe(1612.5);
    expect(c.price_after_vat).toBe(23112.49);
    expect(c.all_cart_data.map((l) => [l.product.name, l.quantity, l.total_amount])).toEqual([
      ['Dettol Soap', 3, 3999.99],
      ['Mama Gold Rice 10kg', 1, 17500],
    ]);
  });

  test('an empty cart is all zeros', async () => {
    expect(await cart()).toEqual({
      price_before_vat: 0,
      vat_value: 0,
      price_after_vat: 0,
      all_cart_data: [],
    });
  });

  test('update-cart sets the quantity within stock; delete-cart removes the line', async () => {
    const line = json<CartItem>(await add(rice.id, 1));
    const updated = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-cart/${line.id}`,
      token: shopper.token,
      body: { quantity: 4 },
    });
    expect(updated.statusCode).toBe(200);
    expect(json<CartItem>(updated)).toMatchObject({ quantity: 4, total_amount: 70000 });
    const over = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-cart/${line.id}`,
      token: shopper.token,
      body: { quantity: 6 },
    });
    expect(over.statusCode).toBe(409);
    expect(detailOf(over)).toBe('Only 5 left in stock');

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/delete-cart/${line.id}`,
      token: shopper.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await cart()).all_cart_data).toHaveLength(0);
    const again = await call(t.app, {
      method: 'DELETE',
      url: `/api/delete-cart/${line.id}`,
      token: shopper.token,
    });
    expect(again.statusCode).toBe(404);
    expect(detailOf(again)).toBe('Cart item not found');
  });

  test('update-cart on a product that ran out says so', async () => {
    const line = json<CartItem>(await add(garri.id, 1));
    await t.db.query('UPDATE products SET inventory_stock = 0 WHERE id = $1', [garri.id]);
    const r = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-cart/${line.id}`,
      token: shopper.token,
      body: { quantity: 1 },
    });
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toBe('This product is out of stock');
  });

  test('every cart route needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/all-carts'],
      ['POST', '/api/add-cart'],
      ['PATCH', '/api/update-cart/1'],
      ['DELETE', '/api/delete-cart/1'],
      ['POST', '/api/checkout'],
    ] as const) {
      const r = await call(t.app, { method, url, body: {} });
      expect(r.statusCode).toBe(401);
      expect(detailOf(r)).toBe('Could not validate credentials');
    }
  });
});

describe('wishlist', () => {
  test('create once per product, list newest first with product details, delete', async () => {
    const first = await call(t.app, {
      method: 'POST',
      url: '/api/create-wishlist',
      token: shopper.token,
      body: { product_id: rice.id },
    });
    expect(first.statusCode).toBe(200);
    expect(json<WishlistEntry>(first)).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      product: {
        id: rice.id,
        slug: rice.slug,
        images: `/api/images/products/${rice.slug}.svg`,
        name: rice.name,
        amount: 18500,
        disc_amount: 1000,
        inventory_stock: 5,
      },
    });
    const dup = await call(t.app, {
      method: 'POST',
      url: '/api/create-wishlist',
      token: shopper.token,
      body: { product_id: rice.id },
    });
    expect(dup.statusCode).toBe(409);
    expect(detailOf(dup)).toBe('Product already in your wishlist');
    await call(t.app, {
      method: 'POST',
      url: '/api/create-wishlist',
      token: shopper.token,
      body: { product_id: charcoal.id },
    });

    const list = json<WishlistEntry[]>(
      await call(t.app, { url: '/api/get-wishlists', token: shopper.token }),
    );
    expect(list.map((e) => e.product.name)).toEqual([charcoal.name, rice.name]);
    expect(list[0]?.product.inventory_stock).toBe(0);

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/delete-wishlist/${list[0]?.id}`,
      token: shopper.token,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/delete-wishlist/${list[0]?.id}`,
      token: shopper.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  test('an unknown product is 404', async () => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/create-wishlist',
      token: shopper.token,
      body: { product_id: 4242 },
    });
    expect(r.statusCode).toBe(404);
  });
});

describe('delivery location', () => {
  test('absent, created once, updated, validated', async () => {
    const none = await call(t.app, { url: '/api/get-delivery', token: shopper.token });
    expect(none.statusCode).toBe(404);
    expect(json(none)).toEqual({ detail: 'Add your delivery location' });

    const created = await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: { ...DELIVERY, mobile_number: '+2348031112222', alt_mobile_number: '7031112222' },
    });
    expect(created.statusCode).toBe(200);
    const delivery = json<Delivery>(created);
    expect(delivery).toMatchObject({
      mobile_number: '08031112222',
      alt_mobile_number: '07031112222',
      city: 'Ibadan-Bodija',
    });

    const second = await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: DELIVERY,
    });
    expect(second.statusCode).toBe(409);
    expect(detailOf(second)).toBe('You already have a delivery location. Update it instead.');

    const updated = await call(t.app, {
      method: 'PATCH',
      url: `/api/update-delivery/${delivery.id}`,
      token: shopper.token,
      body: { ...DELIVERY, city: 'Ibadan-UI (University of Ibadan)', address: '  Block C, UI  ' },
    });
    expect(updated.statusCode).toBe(200);
    expect(json(await call(t.app, { url: '/api/get-delivery', token: shopper.token }))).toEqual({
      id: delivery.id,
      address: 'Block C, UI',
      city: 'Ibadan-UI (University of Ibadan)',
      state: 'Oyo State',
      mobile_number: '08031234567',
      alt_mobile_number: '',
      // Beside the spec's fields: the landmark or bus stop, kept when an update leaves it out.
      landmark: '',
    });
  });

  test.each([
    [{ state: 'Lagos State' }, ['body', 'state'], 'Must be "Oyo State"'],
    [{ city: 'Lagos-Ikeja' }, ['body', 'city'], null],
    [
      { mobile_number: '0803' },
      ['body', 'mobile_number'],
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    ],
    [
      { alt_mobile_number: '123' },
      ['body', 'alt_mobile_number'],
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    ],
    [{ address: '   ' }, ['body', 'address'], 'Enter your delivery address (up to 300 characters)'],
  ])('refuses %j', async (overrides, loc, msg: string | null) => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: { ...DELIVERY, ...overrides },
    });
    expect(r.statusCode).toBe(422);
    const issue = json<{ detail: { loc: unknown[]; msg: string }[] }>(r).detail[0];
    expect(issue?.loc).toEqual(loc);
    if (msg) expect(issue?.msg).toBe(msg);
    else expect(issue?.msg).toMatch(/^Choose one of: Ibadan-Agodi, /);
  });
});
