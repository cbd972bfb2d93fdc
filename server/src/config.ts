/**
 * Every setting of the API server, read from the environment once at start and validated
 * with messages that name the setting. Nothing else in server/ reads process.env.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EMAIL_PATTERN } from '../../contract/rules';
import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../../contract/sessionCookie';

export type Environment = 'development' | 'production' | 'test';
/**
 * demo: safe by construction for trying the shop on one computer (loopback only, simulated
 * payments, codes in the outbox, the demo shopper). production: refuses to start unless it
 * can take real money and deliver codes (see productionProblems).
 */
export type Mode = 'demo' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface RateLimitSetting {
  max: number;
  windowMs: number;
}

export interface Config {
  env: Environment;
  mode: Mode;
  host: string;
  port: number;
  /** Where the API lives, e.g. /api; every route of the backend contract is under it. */
  apiPrefix: string;
  /**
   * The storefront's origin as shoppers reach it (https://shop.example.ng), for the links
   * in emails, SMS and link previews. null in the demo when unset: the server's own address
   * (serverUrl), known once it listens.
   */
  publicUrl: string | null;
  /** Host names the shop answers to besides PUBLIC_URL's (and, in the demo, this computer's). */
  allowedHosts: string[];
  dataDir: string;
  databaseUrl: string | null;
  /** null until ensureJwtSecret() has generated or read one. */
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  paystack: { secretKey: string | null; baseUrl: string };
  affiliateCommissionRate: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  rateLimits: {
    authPerIp: RateLimitSetting;
    authPerEmail: RateLimitSetting;
    /** Server-rendered pages per client address, counted by each server process. */
    pagesPerIp: RateLimitSetting;
  };
  /** How long a started payment holds its cart's stock for the shopper. */
  stockHoldSeconds: number;
  otp: {
    ttlSeconds: number;
    maxAttempts: number;
    resendIntervalSeconds: number;
    maxPerHour: number;
  };
  /** Print every outbox message on the console (off in tests). */
  outboxConsole: boolean;
  mailWebhook: { url: string; token: string | null } | null;
  /** The route of each channel; null sends it to the demo outbox (the console). */
  messaging: {
    email: EmailRoute | null;
    sms: SmsRoute | null;
    /** Tries of one message before it is given up on (a dead letter). */
    maxAttempts: number;
  };
  shopEmail: string;
  /**
   * The most a pay-on-delivery or pay-at-pickup order may come to, and for a first order;
   * what one shopper may hold unpaid at once (orders per account and per phone number, their
   * total, and their share of any product's stock); and how long an order staff have not confirmed keeps its stock.
   */
  payLater: {
    maxKobo: number;
    firstOrderMaxKobo: number;
    maxOpenOrders: number;
    openMaxKobo: number;
    /** The most of one product's stock one account's orders waiting for payment may take. */
    maxStockPercent: number;
    expiryHours: number;
  };
  /** The shop's WhatsApp number, international without '+': 2348030001234. */
  shopWhatsapp: string;
  pickup: { address: string; openingHours: string };
  /**
   * How often a listening server gives back the stock of lapsed payments and unconfirmed
   * pay-later orders, and tells shoppers of products back in stock; 0: never.
   */
  stockAlertSweepSeconds: number;
  distDir: string;
  /** Answer requests for the build's source maps (*.map); off, they are 404. */
  serveSourceMaps: boolean;
  logLevel: LogLevel;
  /** One structured line per request (method, route pattern, status, ms, request id). */
  logRequests: boolean;
  /**
   * GET /metrics: with a token, for whoever sends it as a bearer token; with loopback, for
   * this computer only (no proxy in between); neither, it does not exist.
   */
  metrics: { token: string | null; loopback: boolean };
  trustProxy: boolean;
  demoData: boolean;
}

export type EmailRoute = { kind: 'smtp'; url: string; from: string } | { kind: 'relay' };
export type SmsRoute =
  | {
      kind: 'termii';
      apiKey: string;
      senderId: string;
      baseUrl: string;
      channel: 'generic' | 'dnd';
    }
  | {
      kind: 'africastalking';
      username: string;
      apiKey: string;
      senderId: string | null;
      baseUrl: string;
    }
  | { kind: 'relay' };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const v = this.env[name]?.trim();
    return v === '' ? undefined : v;
  }

  text(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optional(name: string): string | null {
    return this.raw(name) ?? null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, not "${v}"`);
      return fallback;
    }
    return n;
  }

  fraction(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, not "${v}"`);
      return fallback;
    }
    return n;
  }

  flag(name: string, fallback: boolean): boolean {
    const v = this.raw(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    this.problems.push(`${name} must be 1 or 0 (true or false), not "${v}"`);
    return fallback;
  }

  /** An http(s) origin: scheme, host and port, nothing after them but one '/'. */
  origin(name: string): string | null {
    const v = this.raw(name);
    if (v === undefined) return null;
    try {
      const url = new URL(v);
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin === v.replace(/\/$/, '')
      ) {
        return url.origin;
      }
    } catch {
      // reported below
    }
    this.problems.push(
      `${name} must be an http(s) origin such as https://shop.example.ng (no path), not "${v}"`,
    );
    return null;
  }

  httpUrl(name: string, fallback: string | null): string | null {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    try {
      const url = new URL(v);
      if (url.protocol === 'http:' || url.protocol === 'https:') return v.replace(/\/+$/, '');
    } catch {
      // reported below
    }
    this.problems.push(`${name} must be an http(s) URL, not "${v}"`);
    return fallback;
  }
}

const SMS_PROVIDERS = ['termii', 'africastalking', 'relay'] as const;

/**
 * Email goes by SMTP when SMTP_URL is set, else by the relay; SMS by SMS_PROVIDER, else by
 * the relay. MAIL_WEBHOOK_URL alone thus still carries both, as it always has.
 */
function readMessaging(r: Reader, hasRelay: boolean, shopEmail: string): Config['messaging'] {
  const maxAttempts = r.integer('MAIL_MAX_ATTEMPTS', 12, 1, 100);
  let email: EmailRoute | null = hasRelay ? { kind: 'relay' } : null;
  const smtpUrl = r.raw('SMTP_URL');
  if (smtpUrl !== undefined) {
    let valid = false;
    try {
      const url = new URL(smtpUrl);
      valid = (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      // reported below
    }
    if (valid) {
      email = {
        kind: 'smtp',
        url: smtpUrl,
        from: r.text('MAIL_FROM', `Ibadan Market <${shopEmail}>`),
      };
      const address = /<([^<>]*)>$/.exec(email.from)?.[1] ?? email.from;
      if (!new RegExp(EMAIL_PATTERN).test(address) || /[\r\n]/.test(email.from)) {
        r.problems.push(
          `MAIL_FROM must be an email address, optionally with a name: Ibadan Market <orders@example.ng>, not "${email.from}"`,
        );
      }
    } else {
      r.problems.push(
        'SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@smtp.example.ng:465',
      );
    }
  }

  const provider = r.raw('SMS_PROVIDER')?.toLowerCase();
  let sms: SmsRoute | null = hasRelay ? { kind: 'relay' } : null;
  const need = (name: string, why: string): string => {
    const v = r.raw(name);
    if (v === undefined) r.problems.push(`${name} is not set: ${why}`);
    return v ?? '';
  };
  if (provider === 'termii') {
    const channel = r.text('TERMII_CHANNEL', 'generic').toLowerCase();
    if (channel !== 'generic' && channel !== 'dnd') {
      r.problems.push(`TERMII_CHANNEL must be generic or dnd, not "${channel}"`);
    }
    sms = {
      kind: 'termii',
      apiKey: need(
        'TERMII_API_KEY',
        'SMS_PROVIDER=termii needs the API key from your Termii dashboard',
      ),
      senderId: need(
        'TERMII_SENDER_ID',
        'SMS_PROVIDER=termii needs a sender ID approved on your Termii account (3 to 11 letters or digits)',
      ),
      baseUrl:
        r.httpUrl('TERMII_BASE_URL', 'https://api.ng.termii.com') ?? 'https://api.ng.termii.com',
      channel: channel === 'dnd' ? 'dnd' : 'generic',
    };
  } else if (provider === 'africastalking') {
    sms = {
      kind: 'africastalking',
      username: need(
        'AFRICASTALKING_USERNAME',
        "SMS_PROVIDER=africastalking needs your Africa's Talking app's username (sandbox for the sandbox)",
      ),
      apiKey: need(
        'AFRICASTALKING_API_KEY',
        "SMS_PROVIDER=africastalking needs the API key of your Africa's Talking app",
      ),
      senderId: r.optional('AFRICASTALKING_SENDER_ID'),
      baseUrl:
        r.httpUrl('AFRICASTALKING_BASE_URL', 'https://api.africastalking.com') ??
        'https://api.africastalking.com',
    };
  } else if (provider === 'relay') {
    if (!hasRelay) {
      r.problems.push(
        'SMS_PROVIDER=relay needs MAIL_WEBHOOK_URL: the address of your relay that sends the texts',
      );
    }
  } else if (provider !== undefined) {
    r.problems.push(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, not "${provider}"`);
  }
  return { email, sms, maxAttempts };
}

/** "7d", "12h", "30m", "3600s" or a bare number of seconds. */
function parseDuration(r: Reader, name: string, fallbackSeconds: number): number {
  const v = r.raw(name);
  if (v === undefined) return fallbackSeconds;
  const m = /^(\d+)\s*([smhd]?)$/i.exec(v);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[(m?.[2] ?? '').toLowerCase()];
  const n = m && unit !== undefined ? Number(m[1]) * unit : NaN;
  if (!Number.isSafeInteger(n) || n < 60 || n > 366 * 86400) {
    r.problems.push(
      `${name} must be a duration from 60s to 366d such as 7d, 12h or 3600, not "${v}"`,
    );
    return fallbackSeconds;
  }
  return n;
}

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);

  const envName = r.text('NODE_ENV', 'development');
  let nodeEnv: Environment = 'development';
  if (envName === 'production' || envName === 'test' || envName === 'development') {
    nodeEnv = envName;
  } else {
    r.problems.push(`NODE_ENV must be development, production or test, not "${envName}"`);
  }
  const production = nodeEnv === 'production';
  const test = nodeEnv === 'test';

  const apiPrefix = r.text('API_PREFIX', '/api').replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(apiPrefix)) {
    r.problems.push(`API_PREFIX must be a path such as /api, not "${apiPrefix}"`);
  }

  const databaseUrl = r.optional('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    r.problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const jwtSecret = r.optional('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    r.problems.push(
      `JWT_SECRET must be at least 32 characters (it is ${jwtSecret.length}); leave it unset to have one generated in DATA_DIR`,
    );
  }

  const paystackSecret = r.optional('PAYSTACK_SECRET_KEY');
  if (paystackSecret !== null && !/^sk_(test|live)_[A-Za-z0-9]+$/.test(paystackSecret)) {
    r.problems.push(
      paystackSecret.startsWith('pk_')
        ? 'PAYSTACK_SECRET_KEY holds a public key (pk_...); the server needs the secret key (sk_...)'
        : 'PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_... or sk_live_...)',
    );
  }

  const corsOrigins: string[] = [];
  for (const item of (r.raw('CORS_ORIGINS') ?? '').split(',')) {
    const v = item.trim();
    if (v === '') continue;
    try {
      const url = new URL(v);
      if (
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.origin !== v.replace(/\/$/, '')
      ) {
        throw new Error('not an origin');
      }
      corsOrigins.push(url.origin);
    } catch {
      r.problems.push(
        `CORS_ORIGINS entries must be origins such as https://shop.example.ng, not "${v}"`,
      );
    }
  }

  const allowedHosts: string[] = [];
  for (const item of (r.raw('ALLOWED_HOSTS') ?? '').split(',')) {
    const v = item.trim().toLowerCase().replace(/\.$/, '');
    if (v === '') continue;
    if (/^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/.test(v)) allowedHosts.push(v);
    else
      r.problems.push(
        `ALLOWED_HOSTS entries must be host names such as shop.example.ng or 10.0.0.5 (no scheme, port or path), not "${item.trim()}"`,
      );
  }

  // Request lines are logged at info: a shop that asks for them gets info by default.
  const logRequests = r.flag('LOG_REQUESTS', production);
  const logLevel = r.text('LOG_LEVEL', test ? 'silent' : logRequests ? 'info' : 'warn') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    r.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}"`);
  } else if (
    logRequests &&
    r.raw('LOG_REQUESTS') !== undefined &&
    ['fatal', 'error', 'warn'].includes(logLevel)
  ) {
    r.problems.push(
      `LOG_REQUESTS=1 writes request lines at info, which LOG_LEVEL=${logLevel} drops: set LOG_LEVEL=info (or debug), or leave LOG_REQUESTS unset`,
    );
  }
  const metricsToken = r.optional('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 24) {
    r.problems.push(
      `METRICS_TOKEN must be at least 24 characters (it is ${metricsToken.length}): anyone who guesses it reads the shop's traffic`,
    );
  }

  const mailWebhookUrl = r.httpUrl('MAIL_WEBHOOK_URL', null);
  const shopEmail = r.text('SHOP_EMAIL', 'hello@ibadanmarket.ng');
  if (!new RegExp(EMAIL_PATTERN).test(shopEmail)) {
    r.problems.push(`SHOP_EMAIL must be an email address, not "${shopEmail}"`);
  }

  const messaging = readMessaging(r, mailWebhookUrl !== null, shopEmail);

  const payLaterMax = r.integer('PAY_LATER_MAX_NAIRA', 100_000, 0, 100_000_000);
  const firstOrderMax = r.integer('PAY_LATER_FIRST_ORDER_MAX_NAIRA', 30_000, 0, 100_000_000);
  if (firstOrderMax > payLaterMax) {
    r.problems.push(
      `PAY_LATER_FIRST_ORDER_MAX_NAIRA (${firstOrderMax}) must not be above PAY_LATER_MAX_NAIRA (${payLaterMax})`,
    );
  }
  const openMax = r.integer('PAY_LATER_OPEN_MAX_NAIRA', 150_000, 0, 100_000_000);
  const whatsappRaw = r.text('SHOP_WHATSAPP', '2348030001234').replace(/[\s+()-]/g, '');
  const shopWhatsapp = /^0[789][01]\d{8}$/.test(whatsappRaw)
    ? `234${whatsappRaw.slice(1)}`
    : whatsappRaw;
  if (!/^[1-9]\d{7,14}$/.test(shopWhatsapp)) {
    r.problems.push(
      `SHOP_WHATSAPP must be a phone number such as 2348030001234 or 08030001234, not "${whatsappRaw}"`,
    );
  }

  const mode: Mode = production ? 'production' : 'demo';

  const config: Config = {
    env: nodeEnv,
    mode,
    // A demo shop is reachable from this computer only; a production one from anywhere.
    host: r.text('HOST', production ? '0.0.0.0' : '127.0.0.1'),
    port: r.integer('PORT', 8080, 0, 65535),
    apiPrefix,
    publicUrl: r.origin('PUBLIC_URL'),
    allowedHosts,
    dataDir: path.resolve(r.text('DATA_DIR', './data')),
    databaseUrl,
    jwtSecret,
    tokenTtlSeconds: parseDuration(r, 'JWT_EXPIRES_IN', DEFAULT_TOKEN_LIFETIME_SECONDS),
    paystack: {
      secretKey: paystackSecret,
      baseUrl:
        r.httpUrl('PAYSTACK_BASE_URL', 'https://api.paystack.co') ?? 'https://api.paystack.co',
    },
    affiliateCommissionRate: r.fraction('AFFILIATE_COMMISSION_RATE', 0.025, 0, 0.5),
    corsOrigins,
    bodyLimitBytes: r.integer('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    argon2: {
      // OWASP's argon2id recommendation; lower only for tests.
      memoryCost: r.integer('ARGON2_MEMORY_KIB', 19456, 1024, 4 * 1024 * 1024),
      timeCost: r.integer('ARGON2_TIME_COST', 2, 1, 20),
      parallelism: r.integer('ARGON2_PARALLELISM', 1, 1, 16),
    },
    rateLimits: {
      authPerIp: {
        max: r.integer('RATE_LIMIT_IP_MAX', 30, 1, 1_000_000),
        windowMs: r.integer('RATE_LIMIT_IP_WINDOW_SECONDS', 60, 1, 86400) * 1000,
      },
      authPerEmail: {
        max: r.integer('RATE_LIMIT_EMAIL_MAX', 10, 1, 1_000_000),
        windowMs: r.integer('RATE_LIMIT_EMAIL_WINDOW_SECONDS', 900, 1, 86400) * 1000,
      },
      pagesPerIp: {
        max: r.integer('RATE_LIMIT_PAGES_MAX', 300, 1, 1_000_000),
        windowMs: r.integer('RATE_LIMIT_PAGES_WINDOW_SECONDS', 60, 1, 86400) * 1000,
      },
    },
    stockHoldSeconds: r.integer('STOCK_HOLD_MINUTES', 15, 1, 1440) * 60,
    otp: {
      ttlSeconds: r.integer('OTP_TTL_SECONDS', 600, 30, 86400),
      maxAttempts: r.integer('OTP_MAX_ATTEMPTS', 5, 1, 100),
      resendIntervalSeconds: r.integer('OTP_RESEND_INTERVAL_SECONDS', 30, 0, 3600),
      maxPerHour: r.integer('OTP_MAX_PER_HOUR', 5, 1, 1000),
    },
    outboxConsole: r.flag('OUTBOX_CONSOLE', !test),
    mailWebhook: mailWebhookUrl
      ? { url: mailWebhookUrl, token: r.optional('MAIL_WEBHOOK_TOKEN') }
      : null,
    messaging,
    shopEmail,
    payLater: {
      maxKobo: payLaterMax * 100,
      firstOrderMaxKobo: firstOrderMax * 100,
      maxOpenOrders: r.integer('PAY_LATER_MAX_OPEN_ORDERS', 2, 1, 100),
      openMaxKobo: openMax * 100,
      maxStockPercent: r.integer('PAY_LATER_MAX_STOCK_PERCENT', 50, 1, 100),
      expiryHours: r.integer('PAY_LATER_EXPIRY_HOURS', 24, 1, 720),
    },
    shopWhatsapp,
    pickup: {
      address: r.text(
        'PICKUP_ADDRESS',
        'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
      ),
      openingHours: r.text('PICKUP_HOURS', 'Monday to Saturday, 8 am to 6 pm'),
    },
    stockAlertSweepSeconds: r.integer('STOCK_ALERT_SWEEP_SECONDS', 60, 0, 86400),
    distDir: path.resolve(r.text('DIST_DIR', './dist')),
    serveSourceMaps: r.flag('SERVE_SOURCE_MAPS', false),
    logLevel,
    logRequests,
    metrics: { token: metricsToken, loopback: r.flag('METRICS', false) },
    trustProxy: r.flag('TRUST_PROXY', false),
    demoData: r.flag('DEMO_DATA', !production),
  };
  if (production)
    r.problems.push(...productionProblems(config, (name) => r.raw(name) !== undefined));
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/**
 * What a production start needs beyond valid values: each problem names the setting and
 * says what would go wrong, so nobody deploys a shop that gives goods away or leaks codes.
 */
function productionProblems(config: Config, given: (name: string) => boolean): string[] {
  const problems: string[] = [];
  if (!config.paystack.secretKey) {
    problems.push(
      'PAYSTACK_SECRET_KEY is not set: in production (NODE_ENV=production) the shop would take orders without collecting any money. Set your Paystack secret key (sk_live_... or sk_test_...), or leave NODE_ENV unset to run the demo shop.',
    );
  }
  if (!config.messaging.email) {
    problems.push(
      'No email route is set: in production activation codes and order emails must reach shoppers, and would otherwise only be printed in the server log. Set SMTP_URL (such as smtps://user:password@smtp.example.ng:465) or MAIL_WEBHOOK_URL (your own relay).',
    );
  }
  if (!config.messaging.sms) {
    problems.push(
      'No SMS route is set: in production codes and order texts sent by SMS must reach shoppers, and would otherwise only be printed in the server log. Set SMS_PROVIDER=termii (with TERMII_API_KEY and TERMII_SENDER_ID), SMS_PROVIDER=africastalking (with AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY), or MAIL_WEBHOOK_URL (your own relay).',
    );
  }
  if (config.databaseUrl !== null && config.jwtSecret === null) {
    problems.push(
      'JWT_SECRET is not set: with DATABASE_URL in production every server process must sign sessions with the same key, and a generated one is different on each machine. Set JWT_SECRET (at least 32 random characters) on every server.',
    );
  }
  // A PUBLIC_URL that is set but not an origin is reported where it is read.
  if (config.publicUrl === null && !given('PUBLIC_URL')) {
    problems.push(
      "PUBLIC_URL is not set: in production the links in order emails, SMS and shared product previews must lead to the shop as shoppers reach it, not to this server's own address. Set it to the storefront's origin, such as https://shop.example.ng.",
    );
  }
  if (config.demoData) {
    problems.push(
      'DEMO_DATA=1 would add the demo shopper, whose password is published in the README, to a production shop. Remove DEMO_DATA (production adds no demo data).',
    );
  }
  return problems;
}

/**
 * The token key: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR/jwt-secret, so sessions survive restarts.
 */
export async function ensureJwtSecret(config: Config): Promise<Config & { jwtSecret: string }> {
  if (config.jwtSecret !== null) return { ...config, jwtSecret: config.jwtSecret };
  const file = path.join(config.dataDir, 'jwt-secret');
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    const kept = (await fs.readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return { ...config, jwtSecret: kept };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, jwtSecret: secret };
}

/** This server's own address as its ready line prints it: http://localhost:8080. */
export function serverUrl(host: string, port: number): string {
  if (['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
