import type { GuestCartMergeResult } from 'contract';
import { GUEST_BASKET_KEY, hasGuestBasket } from './guestIntent';
import {
  GUEST_BASKET_TTL_MS,
  GUEST_RETURN_TTL_MS,
  emptyGuestBasket,
  keepGuestTap,
  loginPromise,
  mergeReport,
  readGuestBasket,
  removeGuestItem,
  setGuestReturn,
  withTap,
} from './keptGuestIntent';

const T0 = Date.UTC(2026, 10, 25, 9, 0);
const garri = { id: 1, name: 'Ijebu Garri', slug: 'garri', images: '/g.svg', amount: 6500 };
const oil = { id: 3, name: 'Palm Oil', slug: 'oil', images: '/o.svg', amount: 3200 };
const rice = { id: 5, name: 'Ofada Rice', slug: 'rice', images: '/r.svg', amount: 12500 };

afterEach(() => localStorage.clear());

describe("a guest's kept basket", () => {
  test('keeps every tap, in localStorage under its own versioned key', () => {
    keepGuestTap({ kind: 'cartAdd', product: garri, quantity: 2 }, T0);
    keepGuestTap({ kind: 'wishlistAdd', product: rice }, T0 + 1);
    keepGuestTap({ kind: 'buy', product: oil, quantity: 1 }, T0 + 2);

    expect(GUEST_BASKET_KEY).toMatch(/\.v1$/);
    const basket = readGuestBasket(T0 + 3);
    expect(basket?.cart.map((l) => [l.name, l.quantity])).toEqual([
      ['Ijebu Garri', 2],
      ['Palm Oil', 1],
    ]);
    expect(basket?.saved.map((s) => s.name)).toEqual(['Ofada Rice']);
    expect(hasGuestBasket()).toBe(true);
  });

  test('the same product adds up in the cart and is saved once', () => {
    let basket = emptyGuestBasket(T0);
    basket = withTap(basket, { kind: 'cartAdd', product: garri, quantity: 2 }, T0);
    basket = withTap(basket, { kind: 'cartAdd', product: garri, quantity: 3 }, T0);
    basket = withTap(basket, { kind: 'wishlistAdd', product: rice }, T0);
    basket = withTap(basket, { kind: 'wishlistAdd', product: rice }, T0);
    expect(basket.cart).toEqual([expect.objectContaining({ productId: 1, quantity: 5 })]);
    expect(basket.saved).toHaveLength(1);
  });

  test('keeps its merge id across taps, so the server adds it once', () => {
    keepGuestTap({ kind: 'cartAdd', product: garri, quantity: 1 }, T0);
    const first = readGuestBasket(T0)?.mergeId;
    keepGuestTap({ kind: 'cartAdd', product: oil, quantity: 1 }, T0 + 1);
    expect(readGuestBasket(T0 + 1)?.mergeId).toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  test('expires a while after the last tap; the return address sooner', () => {
    keepGuestTap({ kind: 'cartAdd', product: garri, quantity: 1 }, T0);
    setGuestReturn('/shop?q=garri', T0);
    expect(readGuestBasket(T0 + GUEST_RETURN_TTL_MS)?.returnTo).toBe('/shop?q=garri');
    expect(readGuestBasket(T0 + GUEST_RETURN_TTL_MS + 1)?.returnTo).toBeNull();
    expect(readGuestBasket(T0 + GUEST_BASKET_TTL_MS + 1)).toBeNull();
  });

  test('a tampered value or bad lines are never read back', () => {
    localStorage.setItem(GUEST_BASKET_KEY, '{not json');
    expect(readGuestBasket(T0)).toBeNull();
    localStorage.setItem(
      GUEST_BASKET_KEY,
      JSON.stringify({
        mergeId: 'abcdefgh12',
        updatedAt: T0,
        cart: [
          { productId: -1, quantity: 1, name: 'x', slug: '', images: '', amount: 1 },
          { productId: 2, quantity: 1.5, name: 'y', slug: '', images: '', amount: 1 },
          { productId: 3, quantity: 2, name: 'Palm Oil', slug: 'oil', images: '', amount: 1 },
        ],
        saved: 'nope',
      }),
    );
    expect(readGuestBasket(T0)?.cart.map((l) => l.productId)).toEqual([3]);
  });

  test('removing the last item forgets the basket', () => {
    keepGuestTap({ kind: 'cartAdd', product: garri, quantity: 1 }, T0);
    removeGuestItem('cart', garri.id, T0);
    expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull();
  });
});

describe('words for the shopper', () => {
  test('the login page says what will happen, the last tap first', () => {
    let basket = emptyGuestBasket(T0);
    basket = withTap(basket, { kind: 'cartAdd', product: garri, quantity: 1 }, T0);
    basket = withTap(basket, { kind: 'cartAdd', product: rice, quantity: 1 }, T0);
    basket = withTap(basket, { kind: 'cartAdd', product: oil, quantity: 1 }, T0);
    expect(loginPromise(basket)).toBe('Log in to add Palm Oil and 2 more to your cart.');
    expect(loginPromise(null)).toBeNull();
    const onlySaved = withTap(emptyGuestBasket(T0), { kind: 'wishlistAdd', product: rice }, T0);
    expect(loginPromise(onlySaved)).toBe('Log in to save Ofada Rice to your wishlist.');
  });

  test('the merge is told line by line where less was added', () => {
    const line = { requested: 5, in_cart: 0, stock: 0 };
    const result: GuestCartMergeResult = {
      merge_id: 'abcdefgh12',
      repeated: false,
      lines: [
        {
          ...line,
          product_id: 1,
          name: 'Ijebu Garri',
          added: 5,
          in_cart: 5,
          stock: 9,
          capped: null,
        },
        {
          ...line,
          product_id: 3,
          name: 'Palm Oil',
          added: 3,
          in_cart: 3,
          stock: 3,
          capped: 'stock',
        },
        { ...line, product_id: 5, name: 'Ofada Rice', added: 0, capped: 'stock' },
        { ...line, product_id: 8, name: null, added: 0, capped: 'unavailable' },
      ],
    };
    expect(mergeReport(result)).toEqual({
      title: 'Added to your cart: Ijebu Garri',
      details: [
        'Palm Oil: only 3 left, 3 added',
        'Ofada Rice: out of stock, not added',
        'A product you chose: no longer sold, not added',
      ],
    });
  });
});
