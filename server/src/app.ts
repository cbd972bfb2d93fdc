/**
 * Builds the API server and the storefront host as one Fastify app. Tests call buildApp and
 * use app.inject; main.ts adds the database lifecycle and listens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import { createOtpService } from './auth/otp';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import { attachSessionCache } from './auth/sessionCache';
import { createSessionService } from './auth/sessions';
import { createTokenService } from './auth/tokens';
import { systemClock, type Clock } from './clock';
import { serverUrl, type Config } from './config';
import type { AppContext, Lifecycle } from './context';
import type { Database } from './db/client';
import { loggerOptions } from './log';
import { createMessaging, type Mailer } from './mail/mailer';
import type { OutboxSender } from './mail/sender';
import { createPaystackProvider } from './payments/paystack';
import type { PaymentProvider } from './payments/provider';
import { createSandboxProvider, type SandboxProvider } from './payments/sandbox';
import { registerAuth } from './plugins/auth';
import { shopperOfPageRequest, visitorPageKey } from './shopperPage';
import { issue, notFoundBody, registerErrorHandling, unprocessable } from './plugins/errors';
import {
  createAuthLimits,
  createDatabaseLimitStore,
  createMemoryLimitStore,
  createPageLimit,
  type LimitStore,
} from './plugins/limits';
import { allowedHostNames, registerHostCheck } from './plugins/hosts';
import { countPageRender } from './metrics';
import { registerObservability } from './plugins/observability';
import { registerOpenApi } from './plugins/openapi';
import { findNul, validatorCompiler } from './plugins/validation';
import catalogueRoutes from './backOffice/catalogue';
import catalogueImportRoutes from './backOffice/catalogueImport';
import mediaRoutes from './backOffice/media';
import moneyRoutes from './backOffice/money';
import photosRoutes from './backOffice/photos';
import shopSettingsRoutes from './backOffice/shopSettings';
import staffAccountsRoutes from './backOffice/staffAccounts';
import affiliateRoutes from './routes/affiliates';
import backupRoutes from './routes/backup';
import cartRoutes from './routes/cart';
import cartMergeRoutes from './routes/cartMerge';
import deliveryRoutes from './routes/delivery';
import devRoutes from './routes/dev';
import emailJsRoutes from './routes/emailjs';
import fulfilmentRoutes from './routes/fulfilment';
import healthRoutes from './routes/health';
import orderItemRoutes from './routes/orderItems';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payment';
import productRoutes from './routes/product';
import staffRoutes from './routes/staff';
import { sweepStock } from './orders/journey';
import { chunkGroupsReader, earlyDataPaths, earlyDataSlots, earlyScriptPaths } from './earlyData';
import { registerApiCompression } from './plugins/compress';
import { sharedCatalogueVersion } from './db/products';
import { pageTemplateOf } from './pageTemplate';
import { pagePreview, previewSlots } from './preview';
import {
  createServerRenderer,
  isRenderedPath,
  loadRenderer,
  renderedPageSlots,
  renderedPaths,
  type RendererModule,
} from './serverRender';
import siteRoutes, { pageRedirect, pageStatus } from './routes/site';
import { registerStaticSite } from './routes/static';
import userRoutes from './routes/users';
import wishlistRoutes from './routes/wishlists';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface AppDeps {
  db: Database;
  clock?: Clock;
  /** Replaces the outbox (or mail relay) chosen from the settings. */
  mailer?: Mailer;
  /** Replaces the payment provider chosen from the settings. */
  payments?: PaymentProvider;
  /** The fetch used to call Paystack and the mail relay. */
  fetch?: typeof fetch;
  /** Called for every route as it is added (tests build tables from the route list). */
  onRoute?: (route: RouteOptions) => void;
  /** Where outbox messages are printed; defaults to console.info when OUTBOX_CONSOLE is on. */
  print?: (line: string) => void;
  /**
   * Where rate-limit counts live; defaults to the database on PostgreSQL (shared by every
   * server on it) and to this process's memory on the embedded database (one server).
   */
  limitStore?: LimitStore;
  /**
   * The storefront's server renderer (src/ssr/render.tsx); defaults to the build's
   * (dist/.ssr/render.cjs), and null renders every page in the browser.
   */
  pageRenderer?: RendererModule | null;
  /**
   * The key of the backup call (POST /api/ops/backup, server/src/db/backup.ts); unset, the
   * app has no such call. Only an embedded database has one.
   */
  backupKey?: string;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the argon2 hasher built from the settings (tests hold a login mid-way with it). */
  passwords?: PasswordHasher;
}

const SELF = "'self'";

function contentSecurityPolicy() {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [SELF],
      // Paystack's inline library is loaded from its own host; no inline script anywhere.
      scriptSrc: [SELF, 'https://js.paystack.co'],
      scriptSrcAttr: ["'none'"],
      // Emotion (MUI) injects style elements at run time.
      styleSrc: [SELF, "'unsafe-inline'"],
      imgSrc: [SELF, 'data:', 'blob:'],
      fontSrc: [SELF, 'data:'],
      connectSrc: [
        SELF,
        'https://api.emailjs.com',
        'https://api.paystack.co',
        'https://checkout.paystack.com',
      ],
      frameSrc: ['https://checkout.paystack.com'],
      workerSrc: [SELF],
      manifestSrc: [SELF],
      objectSrc: ["'none'"],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: ["'none'"],
    },
  };
}

/** Fastify's own refusals before routing (a URL it cannot decode), in the same shape. */
function malformedRequest(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send({ detail: 'The address of this request is malformed' });
}

/** Set once a shutdown has begun: health answers 503 and every answer closes its connection. */
const lifecycles = new WeakMap<object, Lifecycle>();

const outboxSenders = new WeakMap<object, OutboxSender>();

/**
 * The app's outbox sender. A listening app drains it by itself; tests call drain() to
 * deliver what is due at the time of their clock.
 */
export function outboxSenderOf(app: App): OutboxSender {
  const sender = outboxSenders.get(app);
  if (!sender) throw new Error('This app was not built by buildApp');
  return sender;
}

/** How often a listening server looks for messages due again (a retry, another server's). */
const OUTBOX_POLL_MS = 5000;

/** How long the listener must see no new connection before it stops accepting. */
const DRAIN_QUIET_MS = 500;
/** However busy, stop accepting after this long. */
const DRAIN_MAX_MS = 3000;
/** Kept-alive connections with nothing to do are closed this long after the listener. */
const IDLE_GRACE_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Resolves after the event loop has polled for I/O once more, so connections waiting in
 * the listen queue are accepted, and data waiting on sockets read, before the caller looks.
 * A timer alone can fire right after a busy stretch, before any of that happened.
 */
const afterPoll = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Stops the app the way a restart should look to shoppers: connections that have already
 * reached the server (accepted, or still waiting in the listen queue, where closing the
 * listener would reset them) are served, each told to close after its answer; once no new
 * connection has arrived for a moment, the listener closes and every request already
 * received finishes. Only then does the app close (and the caller close the database).
 */
export async function drainAndClose(app: App): Promise<void> {
  const lifecycle = lifecycles.get(app);
  if (lifecycle) lifecycle.draining = true;
  const server = app.server;
  if (!server.listening) {
    await app.close();
    return;
  }
  let lastConnection = Date.now();
  const seen = () => {
    lastConnection = Date.now();
  };
  server.on('connection', seen);
  const deadline = Date.now() + DRAIN_MAX_MS;
  for (;;) {
    await pause(DRAIN_QUIET_MS / 5);
    await afterPoll();
    if (Date.now() - lastConnection >= DRAIN_QUIET_MS || Date.now() >= deadline) break;
  }
  server.off('connection', seen);

  // Node counts a connection idle until it has read its request, and closing the server
  // closes idle connections: a request accepted a moment ago would be reset. So idle ones
  // are closed only after a grace, and then again until the app has closed.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const appClosed = new AbortController();
  const sweeper = (async () => {
    await pause(IDLE_GRACE_MS);
    while (!appClosed.signal.aborted) {
      await afterPoll();
      closeIdle();
      await pause(IDLE_GRACE_MS / 2);
    }
  })();
  try {
    await app.close();
  } finally {
    appClosed.abort();
    await sweeper;
  }
}

/** The port the app listens on (PORT=0 picks one), or null before it listens. */
export function listeningPort(app: App): number | null {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : null;
}

function isApiPath(url: string, apiPrefix: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`);
}

export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const jwtSecret = config.jwtSecret;
  if (jwtSecret === null) {
    throw new Error('config.jwtSecret is not set: call ensureJwtSecret(config) before buildApp');
  }
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // Request lines would drown the console; errors are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Requests that reach the server while it stops are answered, not turned away.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: malformedRequest,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const lifecycle: Lifecycle = { draining: false };
  lifecycles.set(app, lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    if (closing || lifecycle.draining) void reply.header('connection', 'close');
  });
  registerErrorHandling(app, { bodyLimitBytes: config.bodyLimitBytes, isClosing: () => closing });
  const healthPath = `${config.apiPrefix}/health`;
  registerHostCheck(app, {
    allowed: allowedHostNames(config),
    // Load balancers ask by address; the answer tells nothing but that the shop is up.
    exempt: (request) => request.url.split('?')[0] === healthPath,
    shopAddress: () =>
      config.publicUrl ?? serverUrl(config.host, listeningPort(app) ?? config.port),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(),
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // EmailJS is called from anywhere, as the real service is; the rest only from the shop's
    // own origin (no CORS needed) and the CORS_ORIGINS allow-list.
    delegator: (request: FastifyRequest, callback) => {
      const emailJs = request.url.startsWith(`${config.apiPrefix}/v1.0/email/`);
      callback(null, {
        origin: emailJs
          ? true
          : (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
        methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      });
    },
  });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });

  // PostgreSQL text cannot hold NUL: refuse it up front as a validation problem, not a 500.
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const loc = findNul(value, [part]);
      if (loc) {
        throw unprocessable([
          issue(loc, 'Remove the NUL character (\\u0000) from this value', 'string_nul'),
        ]);
      }
    }
  });

  const clock = deps.clock ?? systemClock;
  const print = deps.print ?? (config.outboxConsole ? (line: string) => console.info(line) : null);
  const messaging = createMessaging(config, {
    db: deps.db,
    clock,
    print,
    fetch: deps.fetch,
    log: app.log,
  });
  outboxSenders.set(app, messaging.sender);
  const mailer = deps.mailer ?? messaging.mailer;
  app.addHook('onListen', async () => messaging.sender.start(OUTBOX_POLL_MS));
  app.addHook('onClose', async () => messaging.sender.stop());
  let sandbox: SandboxProvider | null = null;
  let payments = deps.payments;
  if (!payments) {
    if (config.paystack.secretKey) {
      payments = createPaystackProvider({
        secretKey: config.paystack.secretKey,
        baseUrl: config.paystack.baseUrl,
        fetch: deps.fetch,
      });
    } else {
      sandbox = createSandboxProvider({ db: deps.db, apiPrefix: config.apiPrefix });
      payments = sandbox;
    }
  }
  const tokens = createTokenService({ secret: jwtSecret, clock });
  const sessionCache = attachSessionCache(deps.db, clock, (line) => app.log.warn(line));
  app.addHook('onClose', () => sessionCache.close());
  const auth = registerAuth(app, { db: deps.db, tokens, clock, sessions: sessionCache.cache });
  const limitStore =
    deps.limitStore ??
    (deps.db.kind === 'postgres'
      ? createDatabaseLimitStore(deps.db, clock)
      : createMemoryLimitStore(clock));
  const ctx: AppContext = {
    config: { ...config, jwtSecret },
    publicUrl: () => config.publicUrl ?? serverUrl(config.host, listeningPort(app) ?? config.port),
    db: deps.db,
    clock,
    mailer,
    payments,
    sandbox,
    passwords: deps.passwords ?? createPasswordHasher(config.argon2),
    sessions: createSessionService({
      db: deps.db,
      tokens,
      clock,
      ttlSeconds: config.tokenTtlSeconds,
    }),
    otp: createOtpService({ db: deps.db, clock, mailer, config: config.otp, secret: jwtSecret }),
    requireUser: auth.requireUser,
    lifecycle,
    limits: createAuthLimits(limitStore, {
      perIp: config.rateLimits.authPerIp,
      perEmail: config.rateLimits.authPerEmail,
    }),
  };

  // Before any route, so the document and the request logs and metrics see them all.
  await registerOpenApi(app, { config, requireUser: auth.requireUser });
  registerObservability(app, { config, db: deps.db });
  await app.register(
    async (api) => {
      registerApiCompression(api);
      const opts = { ctx };
      await api.register(healthRoutes, opts);
      await api.register(productRoutes, opts);
      await api.register(cartRoutes, opts);
      await api.register(cartMergeRoutes, opts);
      await api.register(wishlistRoutes, opts);
      await api.register(userRoutes, opts);
      await api.register(orderRoutes, opts);
      await api.register(orderItemRoutes, opts);
      await api.register(deliveryRoutes, opts);
      await api.register(paymentRoutes, opts);
      await api.register(affiliateRoutes, opts);
      await api.register(fulfilmentRoutes, opts);
      await api.register(staffRoutes, opts);
      // The back office: each part of it is a plugin of its own.
      await api.register(staffAccountsRoutes, opts);
      await api.register(shopSettingsRoutes, opts);
      await api.register(catalogueRoutes, opts);
      await api.register(catalogueImportRoutes, opts);
      await api.register(photosRoutes, opts);
      await api.register(moneyRoutes, opts);
      await api.register(emailJsRoutes, opts);
      if (config.mode === 'demo') await api.register(devRoutes, opts);
      if (deps.backupKey) await api.register(backupRoutes, { ctx, key: deps.backupKey });
    },
    { prefix: config.apiPrefix },
  );

  // Stock comes back with time (a payment not made, a pay-later order never confirmed) and
  // outside this server (an operator's UPDATE, another server's cancel): a listening server
  // gives it back and tells the shoppers waiting now and then. In-process tests call
  // sweepStock themselves.
  if (config.stockAlertSweepSeconds > 0) {
    let sweep: NodeJS.Timeout | null = null;
    app.addHook('onListen', async () => {
      sweep = setInterval(() => {
        sweepStock(ctx, app.log).catch((error: unknown) =>
          app.log.error({ err: error }, 'back-in-stock sweep failed'),
        );
      }, config.stockAlertSweepSeconds * 1000);
      sweep.unref();
    });
    app.addHook('onClose', async () => {
      if (sweep) clearInterval(sweep);
    });
  }

  const chunkGroups = chunkGroupsReader(config.distDir);
  const version = sharedCatalogueVersion(deps.db);
  const pageRenderer =
    deps.pageRenderer === undefined ? loadRenderer(config.distDir, app.log) : deps.pageRenderer;
  const serverRender = pageRenderer
    ? createServerRenderer(pageRenderer, { app, version, log: app.log })
    : null;
  await app.register(siteRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  // Counted in this process: a flood is cut at each server, and no page waits on the database.
  const pageLimit = createPageLimit(createMemoryLimitStore(clock), config.rateLimits.pagesPerIp);
  await registerStaticSite(app, {
    distDir: config.distDir,
    isApiPath: (url) => isApiPath(url, config.apiPrefix),
    serveSourceMaps: config.serveSourceMaps,
    pageRedirect,
    countPage: countPageRender,
    notFound: async (_request, reply) =>
      reply.code(404).type('application/json; charset=utf-8').send(notFoundBody()),
    pageLimit,
    pagePaths: renderedPaths(),
    // A visitor's page changes with the catalogue (prices, stock) and the shop's own address.
    pageKey: (request) =>
      visitorPageKey(request, auth.userOf, async () => `${await version()} ${ctx.publicUrl()}`),
    renderPage: async (html, request) => {
      const url = new URL(request.url, 'http://page');
      const path = `${url.pathname}${url.search}`;
      // A signed-in shopper's page is rendered as theirs, and is theirs alone.
      const shopper =
        serverRender && isRenderedPath(url.pathname)
          ? await shopperOfPageRequest(request, auth.userOf)
          : null;
      const { page: rendered, keep } = serverRender
        ? await serverRender.render(path, shopper)
        : { page: null, keep: true };
      const status = await pageStatus(deps.db, request.url);
      const early = earlyDataPaths(config.apiPrefix, url.pathname, url.searchParams);
      const scripts = earlyScriptPaths(await chunkGroups(), url.pathname);
      const template = pageTemplateOf(html);
      const page = template.fill({
        // A rendered page carries its answers; only a page the browser renders preloads them.
        ...earlyDataSlots(rendered ? [] : early, scripts),
        ...(rendered ? renderedPageSlots(rendered, early, shopper) : {}),
        ...previewSlots(template, await pagePreview(ctx, url.pathname, url.searchParams)),
      });
      return rendered && shopper ? { privateHtml: page, status } : { html: page, status, keep };
    },
  });

  await app.ready();
  return app;
}
