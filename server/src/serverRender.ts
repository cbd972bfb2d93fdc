/**
 * Pages rendered on the server: the public pages' HTML, with the catalogue answers they were
 * rendered from, written into index.html's #root, so a first visit shows the shop before its
 * JavaScript has arrived and the browser then hydrates it without asking for the same answers
 * again (src/index.tsx). The renderer is the storefront's own code, built for Node by
 * `npm run build` into dist/.ssr/render.cjs (src/ssr/render.tsx); the server answers the
 * renderer's API requests itself, in-process, through `app.inject`.
 *
 * Pages are rendered as a visitor who is not signed in sees them (the session lives in the
 * browser); a shopper's page, with a placeholder where the shopper's part goes. A request
 * that carries a signed-in shopper's session cookie (contract/sessionCookie.ts, checked by
 * server/src/shopperPage.ts) gets the page as that shopper sees it: rendered for that request
 * alone, never kept, and sent private and uncached (server/src/routes/static.ts). Everything
 * else, and any page whose render fails or runs late, is served as before: index.html, which
 * the browser renders itself. So is every page when there is no renderer (a build from before
 * it, or `dist/` copied without its dotfolders).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import { renderedSessionMark, type SessionValues } from '../../contract/session';
import { routeManifest, type RouteManifest } from '../../src/app/routeManifest';
import type { PageSlots } from './pageTemplate';
import { scriptSafeJson } from './preview';
import { countPageRender } from './metrics';

/** src/ssr/render.tsx's interface, as the built file exports it. */
interface RenderedPage {
  html: string;
  answers: Record<string, unknown>;
}
type RenderPage = (
  url: string,
  signal?: AbortSignal,
  session?: SessionValues,
) => Promise<RenderedPage>;

export interface RendererModule {
  createServerPages: (fetchFn: typeof fetch) => RenderPage;
}

/**
 * The paths of the pages rendered on the server, as the route manifest marks them
 * (src/app/routeManifest.ts): the shop's public routes, and the shopper's pages with a fixed
 * address, whose HTML holds the header and a placeholder of the page
 * (src/components/RequireShopper.tsx) for the browser to fill in. A page with a part of its
 * address as a parameter is never among them.
 */
export function renderedPathsOf(manifest: RouteManifest): ReadonlySet<string> {
  return new Set(
    manifest
      .filter((route) => route.serverRendered && !/[:*]/.test(route.path))
      .map((route) => route.path),
  );
}

const RENDERED_PATHS = renderedPathsOf(routeManifest);

/** A render that takes longer is given up: the browser renders the page itself. */
const RENDER_TIME_LIMIT_MS = 2_000;
/** Answers larger than this are not inlined (the browser asks for them); the page is not rendered. */
const MAX_ANSWERS_BYTES = 256 * 1024;
/**
 * Renders running at once. A render costs 100-250 ms of CPU; addresses nobody has asked for
 * (a crawler's, or a flood of made-up searches) beyond this many at once get the page the
 * browser renders, so they cannot starve the API of the server's time.
 */
const MAX_RENDERS_AT_ONCE = 4;

/** The origin src/services/baseQuery.ts gives relative API addresses where there is no window. */
const RENDERER_ORIGIN = 'http://localhost';

/** The addresses of the pages rendered on the server. */
export const renderedPaths = (): readonly string[] => [...RENDERED_PATHS];

export function isRenderedPath(pathname: string): boolean {
  return RENDERED_PATHS.has(pathname);
}

/**
 * A fetch the renderer's API requests go through: requests to the shop's own API are answered
 * by `app.inject` (no socket, no port); any other address (an API the operator runs
 * elsewhere) goes out over the network.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== RENDERER_ORIGIN) return fetch(request);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** The built renderer, or null when dist/ has none. */
export function loadRenderer(distDir: string, log: FastifyBaseLogger): RendererModule | null {
  const file = path.join(distDir, '.ssr', 'render.cjs');
  if (!fs.existsSync(file)) {
    log.info({ file }, 'no server renderer in the build: pages are rendered in the browser');
    return null;
  }
  try {
    // Compiled as Node compiles a CommonJS file, but not through require(): under tsx (npm
    // run server) require() hands every file to its TypeScript transform, which for this
    // 3 MB bundle takes seconds and a couple of hundred megabytes the server then keeps.
    const load = vm.compileFunction(
      fs.readFileSync(file, 'utf8'),
      ['exports', 'require', 'module', '__filename', '__dirname'],
      { filename: file },
    );
    const module = { exports: {} as unknown };
    load.call(
      module.exports,
      module.exports,
      createRequire(file),
      module,
      file,
      path.dirname(file),
    );
    return module.exports as RendererModule;
  } catch (error) {
    log.error({ err: error, file }, 'the server renderer could not be loaded');
    return null;
  }
}

/** The id of the element holding the answers; src/index.tsx reads it. */
export const ANSWERS_ELEMENT_ID = 'server-answers';
/**
 * The answers element's attribute naming the session a shopper's page was rendered for
 * (contract/session.ts, renderedSessionMark); a visitor's copy has none. src/app/start.tsx
 * and src/index.tsx read it.
 */
export const RENDERED_SESSION_ATTRIBUTE = 'data-session';

/**
 * The rendered page in #root and its answers just after it. `answered` names the API
 * addresses the answers stand for, so the browser's service worker can keep them
 * (src/app/pwa/serverAnswered.ts).
 */
export function renderedPageSlots(
  page: RenderedPage,
  answered: readonly string[] = [],
  session: SessionValues | null = null,
): PageSlots {
  const urls = attributeText(answered.join(' '));
  const mark = session
    ? ` ${RENDERED_SESSION_ATTRIBUTE}="${attributeText(renderedSessionMark(session))}"`
    : '';
  const answers = `<script type="application/json" id="${ANSWERS_ELEMENT_ID}" data-urls="${urls}"${mark}>${scriptSafeJson(page.answers)}</script>`;
  return { root: `<div id="root">${page.html}</div>${answers}` };
}

function attributeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface ServerRenderer {
  /**
   * The page at `url` (path and query), as a visitor or as the shopper of a checked
   * `session` sees it; null when it is left to the browser. `keep` is false when that
   * outcome is of the moment (a render given up, or not started while others ran).
   */
  render(url: string, session?: SessionValues | null): Promise<RenderOutcome>;
}

export interface RenderOutcome {
  page: RenderedPage | null;
  keep: boolean;
}

/**
 * Renders the public pages with `renderer`. Requests for one page of one catalogue version
 * (`version` answers it) that arrive while it is being rendered share that render; the
 * finished page is kept by the page cache (server/src/pageCache.ts), not here.
 */
export function createServerRenderer(
  renderer: RendererModule,
  options: {
    app: FastifyInstance;
    version: () => Promise<number>;
    log: FastifyBaseLogger;
    timeLimitMs?: number;
    maxAtOnce?: number;
  },
): ServerRenderer {
  const maxAtOnce = options.maxAtOnce ?? MAX_RENDERS_AT_ONCE;
  const renderPage = renderer.createServerPages(inProcessFetch(options.app));
  const timeLimitMs = options.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const inFlight = new Map<string, Promise<RenderOutcome>>();
  // A shopper's renders, each for one request: counted against the same limit.
  let shopperRenders = 0;
  const leftToBrowser: RenderOutcome = { page: null, keep: false };

  async function renderFresh(url: string, session?: SessionValues): Promise<RenderOutcome> {
    const signal = AbortSignal.timeout(timeLimitMs);
    try {
      const page = await renderPage(url, signal, session);
      const answersBytes = Buffer.byteLength(JSON.stringify(page.answers));
      if (answersBytes > MAX_ANSWERS_BYTES) {
        options.log.warn({ url, answersBytes }, 'page not rendered: its answers are too large');
        return { page: null, keep: true };
      }
      return { page, keep: true };
    } catch (error) {
      options.log.error({ err: error, url }, 'page not rendered on the server');
      return { page: null, keep: !signal.aborted };
    }
  }

  return {
    async render(url, session) {
      const pathname = new URL(url, RENDERER_ORIGIN).pathname;
      if (!isRenderedPath(pathname)) return { page: null, keep: true };
      if (session) {
        if (inFlight.size + shopperRenders >= maxAtOnce) return leftToBrowser;
        shopperRenders += 1;
        countPageRender('private');
        try {
          return await renderFresh(url, session);
        } finally {
          shopperRenders -= 1;
        }
      }
      const key = `${await options.version()} ${url}`;
      let pending = inFlight.get(key);
      if (!pending) {
        if (inFlight.size + shopperRenders >= maxAtOnce) return leftToBrowser;
        pending = renderFresh(url).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
