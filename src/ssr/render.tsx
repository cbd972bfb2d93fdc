/**
 * The server renderer: the public pages rendered to HTML on the server, so a first visit shows
 * the shop before any JavaScript has arrived. Built by webpack into dist/.ssr/render.cjs
 * (webpack.config.ts) and loaded by the reference server (server/src/serverRender.ts), which
 * puts the HTML into index.html's #root with the answers the render fetched; the browser then
 * hydrates the page from those answers without asking for them again (src/index.tsx).
 *
 * A page is rendered as a visitor who is not signed in sees it, unless the server is given
 * the shopper's session (the cookie the browser keeps beside its localStorage values,
 * contract/session.ts, once the server has checked its token): then as that shopper sees
 * it. A visitor's copy of a shopper's page (the cart, the profile pages) has a placeholder
 * where the shopper's own part goes (components/RequireShopper.tsx), which the browser then
 * renders in its place.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StaticRouter } from 'react-router-dom';
import App from '../app/App';
import { ShopperUnknownContext } from '../components/shopperUnknown';
import { makeStore, type AppStore } from '../app/store';
import { apis } from '../services';
import { retryPolicy, setServerFetch } from '../services/baseQuery';
import type { ServerAnswers } from '../services/createApi';
import type { SessionState } from '../state/sessionSlice';

export type { ServerAnswers };

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The API caches the render filled, for src/index.tsx to take in before hydrating. */
  answers: ServerAnswers;
}

/** `work`, or the abort's reason as soon as `signal` aborts (the render's time is up). */
function whileNotAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** How many queries the store holds, answered or not: a render that asks for one adds one. */
function queryCount(store: AppStore): number {
  const state = store.getState() as unknown as Record<string, { queries?: object } | undefined>;
  return apis.reduce((n, api) => n + Object.keys(state[api.reducerPath]?.queries ?? {}).length, 0);
}

/** A page whose data arrives in steps (a product, then what it links to) gets this many renders. */
const MAX_RENDERS = 4;

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

/** Thrown when React reports an error while rendering: the page is then left to the browser. */
export class RenderFailed extends Error {
  constructor(cause: unknown) {
    super(`The page could not be rendered on the server: ${String(cause)}`, { cause });
    this.name = 'RenderFailed';
  }
}

async function renderOnce(
  store: AppStore,
  url: string,
  shopperKnown: boolean,
  signal?: AbortSignal,
): Promise<string> {
  // A cache of its own per render, which keeps the styles rather than writing each before its
  // element: a render React sets aside (a component that suspended) would otherwise have
  // taken a style's only copy with it.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <ShopperUnknownContext value={!shopperKnown}>
        <App store={store} Router={Router} />
      </ShopperUnknownContext>
    </CacheProvider>,
    {
      signal,
      onError: (error) => void errors.push(error),
      // Every boundary written in place: no inline scripts to move content into it, which the
      // site's Content-Security-Policy would refuse and a page without JavaScript never runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  if (errors.length > 0) throw new RenderFailed(errors[0]);
  return `${criticalStyles(cache)}${html}`;
}

/**
 * The page's styles in one element ahead of its HTML. Emotion in the browser moves it into
 * <head> and takes the names it lists as inserted, so hydration writes none of them again.
 */
function criticalStyles(cache: EmotionCache): string {
  const names = Object.keys(cache.inserted);
  const rules = Object.values(cache.inserted).filter((r): r is string => typeof r === 'string');
  return names.length === 0
    ? ''
    : `<style data-emotion="${cache.key} ${names.join(' ')}">${rules.join('')}</style>`;
}

/**
 * Each API slice's fulfilled answers with the tags they provide (so a later change, such as a
 * paid order's stock, still invalidates them); failures are left for the browser to ask again.
 */
function fulfilledAnswers(store: AppStore): ServerAnswers {
  const state = store.getState() as unknown as Record<string, ServerAnswers[string] | undefined>;
  const answers: ServerAnswers = {};
  for (const api of apis) {
    const slice = state[api.reducerPath];
    if (!slice) continue;
    const queries = Object.fromEntries(
      Object.entries(slice.queries).filter(
        ([, entry]) => (entry as { status?: string } | undefined)?.status === 'fulfilled',
      ),
    );
    if (Object.keys(queries).length === 0) continue;
    answers[api.reducerPath] = { queries, mutations: {}, provided: slice.provided };
  }
  return answers;
}

/**
 * A renderer whose API requests go through `fetchFn` (the server answers its own API without
 * a network round trip). Requests are not retried: the browser retries what the server could
 * not get.
 */
export function createServerPages(fetchFn: typeof fetch) {
  setServerFetch(fetchFn);
  retryPolicy.maxRetries = 0;
  /**
   * The page at `url` (a path with its query), as a visitor sees it or, given the session of a
   * shopper whose token the server has checked, as that shopper does. Rejects with
   * RenderFailed or the abort reason.
   */
  return async function renderPage(
    url: string,
    signal?: AbortSignal,
    session?: SessionState,
  ): Promise<RenderedPage> {
    const store = makeStore(session ? { session } : undefined);
    let html = '';
    for (let render = 0; render < MAX_RENDERS; render += 1) {
      const asked = queryCount(store);
      html = await renderOnce(store, url, session !== undefined, signal);
      // Nothing new asked for: this render had every answer it needed.
      if (queryCount(store) === asked) break;
      await whileNotAborted(
        Promise.all(apis.flatMap((api) => store.dispatch(api.util.getRunningQueriesThunk()))),
        signal,
      );
    }
    return { html, answers: fulfilledAnswers(store) };
  };
}
