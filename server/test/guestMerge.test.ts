import { MAX_CART_QUANTITY } from '../../contract';
import {
  call,
  createShopper,
  detailOf,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
} from './helpers';

const t = setupHarness();

interface Merged {
  merge_id: string;
  repeated: boolean;
  lines: {
    product_id: number;
    name: string | null;
    requested: number;
    added: number;
    in_cart: number;
    stock: number;
    capped: string | null;
  }[];
}

const merge = (shopper: Shopper | null, body: unknown) =>
  call(t.app, { method: 'POST', url: '/api/cart/merge', token: shopper?.token, body });

async function cartOf(shopper: Shopper): Promise<Record<string, number>> {
  const cart = json<{ all_cart_data: { quantity: number; product: { name: string } }[] }>(
    await call(t.app, { url: '/api/all-carts', token: shopper.token }),
  );
  return Object.fromEntries(cart.all_cart_data.map((l) => [l.product.name, l.quantity]));
}

describe('POST /api/cart/merge', () => {
  test('adds the guest lines to what the cart holds, capped by stock, and says what it did', async () => {
    const [rice, palmOil, stallion] = await seedProducts(t.db, [
      { name: 'Mama Gold Rice 10 kg', price: 18500, stock: 20 },
      { name: 'Palm Oil 1 L', price: 2300, stock: 3 },
      { name: 'Royal Stallion 50 kg', price: 76000, stock: 0 },
    ]);
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[rice!.id, 2]]);

    const r = await merge(shopper, {
      merge_id: 'guest-cart-0001',
      lines: [
        { product_id: rice!.id, quantity: 1 },
        { product_id: palmOil!.id, quantity: 5 },
        { product_id: stallion!.id, quantity: 1 },
        { product_id: 999999, quantity: 1 },
      ],
    });

    expect(r.statusCode).toBe(200);
    expect(json<Merged>(r)).toEqual({
      merge_id: 'guest-cart-0001',
      repeated: false,
      lines: [
        {
          product_id: rice!.id,
          name: 'Mama Gold Rice 10 kg',
          requested: 1,
          added: 1,
          in_cart: 3,
          stock: 20,
          capped: null,
        },
        {
          product_id: palmOil!.id,
          name: 'Palm Oil 1 L',
          requested: 5,
          added: 3,
          in_cart: 3,
          stock: 3,
          capped: 'stock',
        },
        {
          product_id: stallion!.id,
          name: 'Royal Stallion 50 kg',
          requested: 1,
          added: 0,
          in_cart: 0,
          stock: 0,
          capped: 'stock',
        },
        {
          product_id: 999999,
          name: null,
          requested: 1,
          added: 0,
          in_cart: 0,
          stock: 0,
          capped: 'unavailable',
        },
      ],
    });
    expect(await cartOf(shopper)).toEqual({ 'Mama Gold Rice 10 kg': 3, 'Palm Oil 1 L': 3 });
  });

  test('counts what is already in the cart against the stock', async () => {
    const [palmOil] = await seedProducts(t.db, [{ name: 'Palm Oil 1 L', price: 2300, stock: 4 }]);
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[palmOil!.id, 3]]);
    const r = await merge(shopper, {
      merge_id: 'guest-cart-0002',
      lines: [{ product_id: palmOil!.id, quantity: 2 }],
    });
    expect(json<Merged>(r).lines[0]).toMatchObject({ added: 1, in_cart: 4, capped: 'stock' });
  });

  test(`caps at ${MAX_CART_QUANTITY} of one product however much is in stock`, async () => {
    const [sugar] = await seedProducts(t.db, [
      { name: 'Sugar 500 g', price: 900, stock: MAX_CART_QUANTITY * 2 },
    ]);
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[sugar!.id, MAX_CART_QUANTITY - 1]]);
    const r = await merge(shopper, {
      merge_id: 'guest-cart-0003',
      lines: [
        { product_id: sugar!.id, quantity: 2 },
        { product_id: sugar!.id, quantity: 1 },
      ],
    });
    expect(json<Merged>(r).lines).toEqual([
      expect.objectContaining({
        requested: 3,
        added: 1,
        in_cart: MAX_CART_QUANTITY,
        capped: 'cart_limit',
      }),
    ]);
  });

  test('the same guest cart merged twice adds once, and answers the same again', async () => {
    const [rice] = await seedProducts(t.db, [{ name: 'Mama Gold Rice 10 kg', price: 18500 }]);
    const shopper = await createShopper(t.app, t.db);
    const body = { merge_id: 'guest-cart-0004', lines: [{ product_id: rice!.id, quantity: 2 }] };

    const first = json<Merged>(await merge(shopper, body));
    const again = await merge(shopper, body);

    expect(again.statusCode).toBe(200);
    expect(json<Merged>(again)).toEqual({ ...first, repeated: true });
    expect(await cartOf(shopper)).toEqual({ 'Mama Gold Rice 10 kg': 2 });

    const other = await merge(shopper, { ...body, merge_id: 'guest-cart-0005' });
    expect(json<Merged>(other).lines[0]).toMatchObject({ added: 2, in_cart: 4 });
  });

  test("merges into the token's own cart only: another shopper's cart is untouched", async () => {
    const [rice] = await seedProducts(t.db, [{ name: 'Mama Gold Rice 10 kg', price: 18500 }]);
    const ada = await createShopper(t.app, t.db);
    const bola = await createShopper(t.app, t.db);
    const body = { merge_id: 'guest-cart-0006', lines: [{ product_id: rice!.id, quantity: 1 }] };

    await merge(ada, body);
    // The merge id is Ada's: Bola's merge with the same id is Bola's own, and adds.
    const bolas = await merge(bola, { ...body, user_id: ada.id });

    expect(json<Merged>(bolas).repeated).toBe(false);
    expect(await cartOf(ada)).toEqual({ 'Mama Gold Rice 10 kg': 1 });
    expect(await cartOf(bola)).toEqual({ 'Mama Gold Rice 10 kg': 1 });
  });

  test('needs a token', async () => {
    const r = await merge(null, { merge_id: 'guest-cart-0007', lines: [] });
    expect(r.statusCode).toBe(401);
  });

  test.each([
    [{ merge_id: 'short', lines: [{ product_id: 1, quantity: 1 }] }, 'merge_id'],
    [{ merge_id: 'guest cart 0008', lines: [{ product_id: 1, quantity: 1 }] }, 'merge_id'],
    [{ merge_id: 'guest-cart-0008', lines: [] }, 'lines'],
    [{ merge_id: 'guest-cart-0008', lines: [{ product_id: 1, quantity: 0 }] }, 'quantity'],
    [
      { merge_id: 'guest-cart-0008', lines: [{ product_id: 1, quantity: MAX_CART_QUANTITY + 1 }] },
      'quantity',
    ],
    [{ merge_id: 'guest-cart-0008', lines: [{ product_id: -1, quantity: 1 }] }, 'product_id'],
    [
      {
        merge_id: 'guest-cart-0008',
        lines: Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, quantity: 1 })),
      },
      'lines',
    ],
  ])('refuses bad input in words, adding nothing (%#)', async (body, field) => {
    const [rice] = await seedProducts(t.db, [{ name: 'Mama Gold Rice 10 kg', price: 18500 }]);
    const shopper = await createShopper(t.app, t.db);
    const r = await merge(shopper, body);
    expect(r.statusCode).toBe(422);
    const detail = detailOf(r) as { loc: (string | number)[]; msg: string }[];
    expect(detail.some((d) => d.loc.includes(field))).toBe(true);
    expect(detail.every((d) => d.msg.length > 0)).toBe(true);
    expect(await cartOf(shopper)).toEqual({});
    expect(rice).toBeDefined();
  });
});
