import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { apiUrl, signedInSession } from '../testing/fixtures';
import { recordRequests, server } from '../testing/server';
import { exponentialBackoff, retryPolicy, tokenFromState } from './baseQuery';
import { absoluteBaseUrl } from './serviceAddress';
import { cartApi } from './cartApi';
import { productApi } from './productApi';
import { affiliatesApi } from './affiliatesApi';
import { loadApi } from '../state/lazyApis';

// It joins the store when the affiliate pages load; here no page does.
loadApi(affiliatesApi);

describe('retries on the wire', () => {
  const failWith = (status: number) =>
    http.get(apiUrl('/get-all-products'), () => HttpResponse.json({ detail: 'x' }, { status }));

  test.each([500, 503, 408, 429])('a query answered %d is tried 1 + 3 times', async (status) => {
    server.use(failWith(status));
    const requests = recordRequests();

    const result = await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(result.error).toEqual({ status, data: { detail: 'x' } });
    expect(requests).toHaveLength(1 + retryPolicy.maxRetries);
  });

  test('a query that gets no answer is retried', async () => {
    server.use(http.get(apiUrl('/get-all-products'), () => HttpResponse.error()));
    const requests = recordRequests();

    const result = await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(requests).toHaveLength(4);
  });

  test('a query succeeds on a later try after passing failures', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/get-all-products'), () => {
        calls += 1;
        return calls < 3
          ? HttpResponse.json({ detail: 'busy' }, { status: 503 })
          : HttpResponse.json([]);
      }),
    );

    const result = await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(result.data).toEqual([]);
    expect(calls).toBe(3);
  });

  test.each([400, 401, 404, 422])('a query answered %d is not retried', async (status) => {
    server.use(failWith(status));
    const requests = recordRequests();

    await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(requests).toHaveLength(1);
  });

  test('a query answered with a non-JSON body is not retried', async () => {
    server.use(
      http.get(apiUrl('/get-all-products'), () => HttpResponse.text('<html>Bad gateway</html>')),
    );
    const requests = recordRequests();

    const result = await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(result.error).toMatchObject({ status: 'PARSING_ERROR' });
    expect(requests).toHaveLength(1);
  });

  test('a mutation answered 503 is sent once', async () => {
    server.use(
      http.patch(apiUrl('/update-cart/:id', 'cart'), () =>
        HttpResponse.json({ detail: 'busy' }, { status: 503 }),
      ),
    );
    const requests = recordRequests();
    const store = makeStore({ session: signedInSession });

    const result = await store.dispatch(
      cartApi.endpoints.updateCartItem.initiate({ id: 101, quantity: 2 }),
    );

    expect(result.error).toEqual({ status: 503, data: { detail: 'busy' } });
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  test('a mutation that gets no answer is sent once', async () => {
    server.use(http.post(apiUrl('/add-cart', 'cart'), () => HttpResponse.error()));
    const requests = recordRequests();
    const store = makeStore({ session: signedInSession });

    const result = await store.dispatch(
      cartApi.endpoints.addCartItem.initiate({
        user_id: 7,
        product_id: 1,
        quantity: 1,
        price_per_item: 6500,
      }),
    );

    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(requests).toHaveLength(1);
  });

  test('the payout request (a GET mutation) is sent once even on a 500', async () => {
    server.use(
      http.get(apiUrl('/request-payment', 'affiliates'), () =>
        HttpResponse.json({ detail: 'down' }, { status: 500 }),
      ),
    );
    const requests = recordRequests();
    const store = makeStore({ session: signedInSession });

    await store.dispatch(affiliatesApi.endpoints.requestPayment.initiate());

    expect(requests).toHaveLength(1);
  });

  test('retries wait for the backoff between tries', async () => {
    const attempts: number[] = [];
    retryPolicy.backoff = async (attempt) => {
      attempts.push(attempt);
    };
    server.use(failWith(500));

    await makeStore().dispatch(productApi.endpoints.getProducts.initiate(''));

    expect(attempts).toEqual([1, 2, 3]);
  });
});

describe('exponentialBackoff', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('waits longer after each failure', async () => {
    let settled = false;
    const waiting = exponentialBackoff(3).then(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(800);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    await waiting;
    expect(settled).toBe(true);
  });

  test('stops waiting when the request is aborted', async () => {
    const controller = new AbortController();
    const waiting = exponentialBackoff(1, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('Aborted');
  });
});

describe('tokenFromState', () => {
  test('reads the session token, and nothing from other shapes', () => {
    expect(tokenFromState({ session: { authToken: 'abc' } })).toBe('abc');
    expect(tokenFromState({ session: { authToken: null } })).toBeNull();
    expect(tokenFromState({ session: { authToken: '' } })).toBeNull();
    expect(tokenFromState({})).toBeNull();
    expect(tokenFromState(undefined)).toBeNull();
  });
});

describe('absoluteBaseUrl', () => {
  test('resolves a path against the page and keeps an absolute URL', () => {
    expect(absoluteBaseUrl('/api')).toBe(`${window.location.origin}/api`);
    expect(absoluteBaseUrl('/api/')).toBe(`${window.location.origin}/api`);
    expect(absoluteBaseUrl('https://api.example.ng/v1')).toBe('https://api.example.ng/v1');
  });
});
