import { http, HttpResponse } from 'msw';
import type { Cart } from 'contract';
import { makeStore, type AppStore } from '../app/store';
import { apiUrl, fixtureCart, signedInSession } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { deferred, recordRequests, server } from '../testing/server';
import { applyLineRemoval, applyQuantityChange, cartApi } from './cartApi';
import { ordersApi } from './ordersApi';
import { productApi } from './productApi';

const selectCart = (store: AppStore) => cartApi.endpoints.getCart.select()(store.getState()).data;

/** A signed-in store with the cart loaded and a screen subscribed to it. */
async function storeWithCart() {
  const store = makeStore({ session: signedInSession });
  const subscription = store.dispatch(cartApi.endpoints.getCart.initiate());
  await subscription;
  return store;
}

/** Waits until no request of any API slice is in flight. */
async function settled(store: AppStore) {
  await Promise.all(store.dispatch(cartApi.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(ordersApi.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(productApi.util.getRunningQueriesThunk()));
}

const refetchFails = http.get(apiUrl('/all-carts', 'cart'), () =>
  HttpResponse.json({ detail: 'Cart unavailable' }, { status: 404 }),
);

describe('applyQuantityChange', () => {
  test('changes the line and the totals pro rata', () => {
    const cart: Cart = structuredClone(fixtureCart);
    // garri: 2 x 6,000 = 12,000; palm oil 3,000; before VAT 15,000, VAT 1,125.
    applyQuantityChange(cart, 101, 3);

    expect(cart.all_cart_data[0]).toMatchObject({ quantity: 3, total_amount: 18000 });
    expect(cart.price_before_vat).toBe(21000);
    expect(cart.vat_value).toBe(1575);
    expect(cart.price_after_vat).toBe(22575);
  });

  test('ignores an unknown line and a quantity below 1', () => {
    const cart: Cart = structuredClone(fixtureCart);
    applyQuantityChange(cart, 999, 3);
    applyQuantityChange(cart, 101, 0);
    expect(cart).toEqual(fixtureCart);
  });
});

describe('applyLineRemoval', () => {
  test('removes the line and lowers the totals', () => {
    const cart: Cart = structuredClone(fixtureCart);
    applyLineRemoval(cart, 102);

    expect(cart.all_cart_data.map((l) => l.id)).toEqual([101]);
    expect(cart.price_before_vat).toBe(12000);
    expect(cart.vat_value).toBe(900);
    expect(cart.price_after_vat).toBe(12900);
  });

  test('an emptied cart totals zero', () => {
    const cart: Cart = structuredClone(fixtureCart);
    applyLineRemoval(cart, 101);
    applyLineRemoval(cart, 102);
    expect(cart).toMatchObject({ price_before_vat: 0, vat_value: 0, price_after_vat: 0 });
  });
});

describe('changing a quantity', () => {
  test('makes exactly one PATCH and one cart refetch, and no other request', async () => {
    const store = await storeWithCart();
    const requests = recordRequests();

    await store
      .dispatch(cartApi.endpoints.updateCartItem.initiate({ id: 101, quantity: 3 }))
      .unwrap();
    await settled(store);

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'PATCH /api/update-cart/101',
      'GET /api/all-carts',
    ]);
    // Settled with the server's own figures.
    expect(selectCart(store)?.all_cart_data[0]).toMatchObject({ quantity: 3, total_amount: 18000 });
  });

  test('shows at once in the cache, before the server answers', async () => {
    const store = await storeWithCart();
    const arrived = deferred();
    const answer = deferred();
    server.use(
      http.patch(apiUrl('/update-cart/:id', 'cart'), async () => {
        arrived.release();
        await answer.gate;
        return HttpResponse.json({ message: 'Cart updated' });
      }),
    );

    const pending = store.dispatch(
      cartApi.endpoints.updateCartItem.initiate({ id: 101, quantity: 5 }),
    );

    expect(selectCart(store)?.all_cart_data[0]).toMatchObject({ quantity: 5, total_amount: 30000 });
    expect(selectCart(store)?.price_before_vat).toBe(33000);
    await arrived.gate;
    answer.release();
    await pending;
    await settled(store);
  });

  test('rolls back when the server refuses', async () => {
    const store = await storeWithCart();
    server.use(
      http.patch(apiUrl('/update-cart/:id', 'cart'), () =>
        HttpResponse.json({ detail: 'Only 4 left in stock' }, { status: 400 }),
      ),
      // The refetch fails too (a failed query keeps its data), so only the undo can restore it.
      refetchFails,
    );

    const result = await store.dispatch(
      cartApi.endpoints.updateCartItem.initiate({ id: 101, quantity: 9 }),
    );
    await settled(store);

    expect(result.error).toEqual({ status: 400, data: { detail: 'Only 4 left in stock' } });
    expect(selectCart(store)).toEqual(fixtureCart);
  });
});

describe('deleting a cart line', () => {
  test('disappears at once, then the cart refetches once', async () => {
    const store = await storeWithCart();
    const requests = recordRequests();

    const pending = store.dispatch(cartApi.endpoints.deleteCartItem.initiate(102));
    expect(selectCart(store)?.all_cart_data.map((l) => l.id)).toEqual([101]);
    await pending.unwrap();
    await settled(store);

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'DELETE /api/delete-cart/102',
      'GET /api/all-carts',
    ]);
    expect(selectCart(store)?.all_cart_data.map((l) => l.id)).toEqual([101]);
  });

  test('comes back when the server refuses', async () => {
    const store = await storeWithCart();
    server.use(
      http.delete(apiUrl('/delete-cart/:id', 'cart'), () => HttpResponse.error()),
      refetchFails,
    );

    const pending = store.dispatch(cartApi.endpoints.deleteCartItem.initiate(102));
    expect(selectCart(store)?.all_cart_data).toHaveLength(1);
    await pending;
    await settled(store);

    expect(selectCart(store)).toEqual(fixtureCart);
  });
});

describe('adding to the cart', () => {
  test('refetches the cart, which then shows the product', async () => {
    const store = await storeWithCart();

    await store
      .dispatch(
        cartApi.endpoints.addCartItem.initiate({
          user_id: 7,
          product_id: 8,
          quantity: 1,
          price_per_item: 4200,
        }),
      )
      .unwrap();
    await settled(store);

    expect(selectCart(store)?.all_cart_data.map((l) => l.product.slug)).toContain(
      'ground-crayfish-500g',
    );
  });
});

describe('checkout', () => {
  test('refetches the cart, the orders and the products', async () => {
    const store = await storeWithCart();
    await store.dispatch(ordersApi.endpoints.getOrders.initiate());
    await store.dispatch(productApi.endpoints.getProducts.initiate(''));
    mockDb.transactions.set('ibm-paid-2', {
      reference: 'ibm-paid-2',
      status: 'success',
      amount: 1856000,
      currency: 'NGN',
      paid_at: '2026-11-20T10:00:00.000Z',
    });
    const requests = recordRequests();

    await store
      .dispatch(
        cartApi.endpoints.checkout.initiate({
          reference_id: 'ibm-paid-2',
          delivery_model: 'delivery',
        }),
      )
      .unwrap();
    await settled(store);

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual(
      [
        'POST /api/checkout',
        'GET /api/all-carts',
        'GET /api/orders',
        'GET /api/get-all-products',
      ].sort(),
    );
    expect(selectCart(store)?.all_cart_data).toEqual([]);
    const orders = ordersApi.endpoints.getOrders.select()(store.getState()).data;
    expect(orders?.[0]?.reference).toBe('ibm-paid-2');
    const products = productApi.endpoints.getProducts.select('')(store.getState()).data;
    expect(products?.find((p) => p.id === 1)?.inventory_stock).toBe(38);
  });

  test('a refused checkout refetches nothing but the cart', async () => {
    const store = await storeWithCart();
    await store.dispatch(ordersApi.endpoints.getOrders.initiate());
    const requests = recordRequests();

    const result = await store.dispatch(
      cartApi.endpoints.checkout.initiate({ reference_id: 'unpaid', delivery_model: 'pickup' }),
    );
    await settled(store);

    expect(result.error).toMatchObject({ status: 404 });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/checkout',
      'GET /api/all-carts',
    ]);
  });
});
