import { setupServer } from 'msw/node';
import { retryPolicy } from '../services/baseQuery';
import { handlers, resetMockDb } from './handlers';

/** The jest network: every request a test does not expect fails the test (jest.setup.ts). */
export const server = setupServer(...handlers);

// jest.setup.ts imports this module, so these hooks apply to every web test:
// each test starts from the fixtures, and failed queries are retried without waiting
// (the retries still happen, so request counts are real; only the backoff is skipped).
type RequestListener = (event: { request: Request }) => void;
const recorders = new Set<RequestListener>();

if (typeof beforeEach === 'function') {
  beforeEach(() => {
    resetMockDb();
    retryPolicy.backoff = () => Promise.resolve();
  });
  afterEach(() => {
    for (const recorder of recorders) server.events.removeListener('request:start', recorder);
    recorders.clear();
  });
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text ('' when none). */
  body: Promise<string>;
}

/**
 * Records every request the app makes from now until the end of the test:
 *   const requests = recordRequests();
 *   ...
 *   expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([...]);
 */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const onStart: RequestListener = ({ request }) => {
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.clone().text(),
    });
  };
  server.events.on('request:start', onStart);
  recorders.add(onStart);
  return requests;
}

/**
 * A moment the test decides: a handler awaits `gate` and answers when the test calls
 * `release()`; or the handler calls `release()` and the test awaits `gate` to know the
 * request arrived. Tests wait for events, never for an amount of time.
 */
export function deferred() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}
