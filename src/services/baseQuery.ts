import { fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import { isRetryable } from '../lib/getErrorMessage';
import { takeEarlyAnswer } from './earlyAnswers';
import { absoluteBaseUrl } from './serviceAddress';

/** A request that gets no answer within this time fails with TIMEOUT_ERROR. */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * How queries are retried. Mutable on purpose: `src/testing/server.ts` makes the backoff
 * instant under jest so error-state tests stay fast while still going through the retries.
 */
export const retryPolicy: {
  maxRetries: number;
  backoff: (attempt: number, signal?: AbortSignal) => Promise<void>;
} = {
  maxRetries: 3,
  backoff: exponentialBackoff,
};

/** 300 ms, 600 ms, 1.2 s ... with jitter, capped at 5 s; stops early when the request is aborted. */
export function exponentialBackoff(attempt: number, signal?: AbortSignal): Promise<void> {
  const base = Math.min(300 * 2 ** Math.max(0, attempt - 1), 5000);
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, delay);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('Aborted'));
      },
      { once: true },
    );
  });
}

/** Reads the bearer token from the store without importing the app's types (services sit below app/). */
export function tokenFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('session' in state)) return null;
  const session = state.session;
  if (typeof session !== 'object' || session === null || !('authToken' in session)) return null;
  return typeof session.authToken === 'string' && session.authToken !== ''
    ? session.authToken
    : null;
}

/**
 * The fetch the services use: the browser's, or the one the server renderer gives
 * (src/ssr/render.tsx), which answers the shop's own API in-process. Read at each request,
 * so tests that replace the global fetch are still heard.
 */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(fetchFn: typeof fetch | null): void {
  serverFetch = fetchFn;
}

/**
 * The base query every service shares: its base URL, the session's bearer token on every
 * call (unless the service is public: `sendToken: false`), a time-out, and retries with
 * backoff for queries on passing failures only.
 */
export function createBaseQuery(baseUrl: string, { sendToken = true } = {}) {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: absoluteBaseUrl(baseUrl),
    timeout: REQUEST_TIMEOUT_MS,
    // A read the page's first script already sent (services/earlyAnswers.ts) is not sent again.
    fetchFn: (input, init) =>
      (input instanceof Request ? takeEarlyAnswer(input) : null) ??
      (serverFetch ?? fetch)(input, init),
    prepareHeaders: (headers, { getState }) => {
      const token = sendToken ? tokenFromState(getState()) : null;
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return retry(rawBaseQuery, {
    // Only reads: a mutation may already have changed something before its answer was lost.
    retryCondition: (error, _args, { attempt, baseQueryApi }) =>
      attempt <= retryPolicy.maxRetries && baseQueryApi.type === 'query' && isRetryable(error),
    backoff: (attempt, _maxRetries, signal) => retryPolicy.backoff(attempt, signal),
  });
}
