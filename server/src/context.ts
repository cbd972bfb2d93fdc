import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { OtpService } from './auth/otp';
import type { PasswordHasher } from './auth/passwords';
import type { SessionService } from './auth/sessions';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { SandboxProvider } from './payments/sandbox';
import type { AuthLimits } from './plugins/limits';

export interface Lifecycle {
  /** A shutdown has begun (main.ts): the server is finishing what it has received. */
  draining: boolean;
}

/** What every route file is given: settings and services, built once per app. */
export interface AppContext {
  config: Config & { jwtSecret: string };
  /**
   * The storefront's origin for links that leave the site (emails, SMS, link previews):
   * PUBLIC_URL, else this server's own address, with the port it listens on.
   */
  publicUrl: () => string;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider;
  /** Set when payments run through the sandbox (no PAYSTACK_SECRET_KEY). */
  sandbox: SandboxProvider | null;
  passwords: PasswordHasher;
  sessions: SessionService;
  otp: OtpService;
  /**
   * Route hook (preValidation): answers 401 unless a valid bearer token names an active
   * account. It runs before body validation, as FastAPI's OAuth2 dependency does, so a
   * signed-out shopper hears "Could not validate credentials", not about a field.
   */
  requireUser: preValidationAsyncHookHandler;
  lifecycle: Lifecycle;
  limits: AuthLimits;
}

export type RoutePlugin = FastifyPluginAsyncTypebox<{ ctx: AppContext }>;
