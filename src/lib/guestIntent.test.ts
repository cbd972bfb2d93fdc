import {
  GUEST_INTENT_KEY,
  GUEST_INTENT_TTL_MS,
  dropGuestIntent,
  hasGuestIntent,
  saveGuestIntent,
} from './guestIntent';
import { peekGuestIntent, takeGuestIntent } from './keptGuestIntent';

const T0 = Date.UTC(2026, 10, 25, 9, 0);
const addGarri = { kind: 'cartAdd', productId: 3, quantity: 2, pricePerItem: 6000 } as const;

afterEach(() => sessionStorage.clear());

describe('a guest intent', () => {
  test('is kept in this tab with where to come back to', () => {
    saveGuestIntent(addGarri, '/shop?q=garri', T0);

    expect(peekGuestIntent(T0 + 1000)).toEqual({
      ...addGarri,
      returnTo: '/shop?q=garri',
      savedAt: T0,
    });
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).not.toBeNull();
  });

  test('is taken once: a second take finds nothing', () => {
    expect(hasGuestIntent()).toBe(false);
    saveGuestIntent({ kind: 'wishlistAdd', productId: 5 }, '/detail/x', T0);
    expect(hasGuestIntent()).toBe(true);

    expect(takeGuestIntent(T0)).toMatchObject({ kind: 'wishlistAdd', productId: 5 });
    expect(hasGuestIntent()).toBe(false);
    expect(takeGuestIntent(T0)).toBeNull();
    expect(peekGuestIntent(T0)).toBeNull();
  });

  test('a later tap replaces an earlier one', () => {
    saveGuestIntent(addGarri, '/shop', T0);
    saveGuestIntent({ kind: 'buy', productId: 9, quantity: 1, pricePerItem: 500 }, '/cart', T0 + 1);

    expect(takeGuestIntent(T0 + 2)).toMatchObject({ kind: 'buy', productId: 9, returnTo: '/cart' });
  });

  test('expires after 30 minutes, and an expired one is removed when taken', () => {
    saveGuestIntent(addGarri, '/shop', T0);

    expect(peekGuestIntent(T0 + GUEST_INTENT_TTL_MS)).not.toBeNull();
    expect(peekGuestIntent(T0 + GUEST_INTENT_TTL_MS + 1)).toBeNull();
    expect(takeGuestIntent(T0 + GUEST_INTENT_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).toBeNull();
  });

  test('a clock set back does not make an intent from the future count', () => {
    saveGuestIntent(addGarri, '/shop', T0);

    expect(peekGuestIntent(T0 - 60_000)).toBeNull();
  });

  test('a stored value that is not an intent is ignored', () => {
    for (const raw of [
      'not json',
      '{}',
      JSON.stringify({ kind: 'cartAdd', productId: 3, returnTo: '/shop', savedAt: T0 }),
      JSON.stringify({ kind: 'delete', productId: 3, returnTo: '/shop', savedAt: T0 }),
      JSON.stringify({ kind: 'wishlistAdd', productId: -1, returnTo: '/shop', savedAt: T0 }),
    ]) {
      sessionStorage.setItem(GUEST_INTENT_KEY, raw);
      expect(takeGuestIntent(T0)).toBeNull();
    }
  });

  test('can be dropped', () => {
    saveGuestIntent(addGarri, '/shop', T0);
    dropGuestIntent();

    expect(peekGuestIntent(T0)).toBeNull();
  });
});
