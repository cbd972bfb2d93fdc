import { apiUrl, signedInSession } from '../testing/fixtures';
import { EARLY_ANSWER_KEPT_MS, askEarly, shopperReadsFor, takeEarlyAnswer } from './earlyAnswers';

const cartRequest = (token: string, init: RequestInit = {}) =>
  new Request(apiUrl('/all-carts', 'cart'), {
    ...init,
    headers: { authorization: `Bearer ${token}` },
  });

test('the cart page opens with the cart and the delivery location, other pages with the header', () => {
  expect(shopperReadsFor('/cart')).toEqual(['cart', 'delivery']);
  expect(shopperReadsFor('/cart/')).toEqual(['cart', 'delivery']);
  expect(shopperReadsFor('/shop')).toEqual(['cart', 'wishlist']);
  expect(shopperReadsFor('/profile/orders')).toEqual(['cart', 'wishlist']);
});

test('an answer nobody took is let go, so a later ask is never answered from it', () => {
  jest.useFakeTimers();
  try {
    askEarly('/shop', 'early-token');
    jest.advanceTimersByTime(EARLY_ANSWER_KEPT_MS);
    expect(takeEarlyAnswer(cartRequest('early-token'))).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test('only a read with the same token is answered, and only once', async () => {
  const token = signedInSession.authToken!;
  askEarly('/shop', token);
  expect(takeEarlyAnswer(cartRequest('another-token'))).toBeNull();
  expect(takeEarlyAnswer(cartRequest(token, { method: 'POST' }))).toBeNull();
  const answer = takeEarlyAnswer(cartRequest(token));
  expect(answer).not.toBeNull();
  expect(await answer?.then((response) => response.json())).toMatchObject({
    all_cart_data: expect.any(Array) as unknown,
  });
  expect(takeEarlyAnswer(cartRequest(token))).toBeNull();
});

test("the store's own time-out still ends the wait", async () => {
  askEarly('/shop', 'slow-token');
  const controller = new AbortController();
  const answer = takeEarlyAnswer(cartRequest('slow-token', { signal: controller.signal }));
  controller.abort(new DOMException('The request timed out', 'TimeoutError'));
  await expect(answer).rejects.toThrow('The request timed out');
});
