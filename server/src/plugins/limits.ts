/**
 * Rate limits for the sign-in family of routes, per client IP and per email address, so
 * neither one machine nor many machines aimed at one account can guess freely. Guessing
 * routes (login, activation, reset) count only failures, so a shop full of shoppers behind
 * one IP, or a test suite signing in again and again, is never locked out by successes;
 * routes that send something (sign-up, send-otp) count every call. 429 with Retry-After.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSetting } from '../config';
import { tooManyRequests, waitText } from './errors';

export interface AuthLimits {
  /** preHandlers: 429 once the caller's IP or email has used up its attempts. */
  check: preHandlerAsyncHookHandler[];
  /** Counts one attempt against the caller's IP and email (call it on a failure). */
  count(request: FastifyRequest): Promise<void>;
  /** preHandlers that check and count every call. */
  checkAndCount: preHandlerAsyncHookHandler[];
  /** The contact form, per client IP, counted apart from sign-in attempts. */
  contact: preHandlerAsyncHookHandler;
}

/** The body field that holds the email, whichever route this is. */
const EMAIL_FIELDS = ['username', 'user_email', 'email'] as const;

function emailOf(request: FastifyRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  for (const field of EMAIL_FIELDS) {
    const value = body?.[field];
    if (typeof value === 'string') return value.trim().toLowerCase();
  }
  return '';
}

interface Bucket {
  /** Throws 429 when full; counts this call too when `increment`. */
  guard(request: FastifyRequest, increment: boolean): Promise<void>;
}

function bucket(
  app: FastifyInstance,
  setting: RateLimitSetting,
  keyOf: (request: FastifyRequest) => string,
): Bucket {
  const limiter = app.createRateLimit({
    max: setting.max,
    timeWindow: setting.windowMs,
    keyGenerator: keyOf,
  });
  return {
    async guard(request, increment) {
      const state = await limiter(request, { increment });
      if (state.isAllowed) return;
      // A peek reports the calls so far; this one would be the next.
      const full = increment ? state.isExceeded : state.remaining <= 0;
      if (full) {
        throw tooManyRequests(
          `Too many attempts. Please try again in ${waitText(state.ttlInSeconds)}.`,
          state.ttlInSeconds,
        );
      }
    },
  };
}

export function createAuthLimits(
  app: FastifyInstance,
  settings: { perIp: RateLimitSetting; perEmail: RateLimitSetting },
): AuthLimits {
  const ip = bucket(app, settings.perIp, (request) => `ip:${request.ip}`);
  const email = bucket(app, settings.perEmail, (request) => `email:${emailOf(request)}`);
  const contact = bucket(app, settings.perIp, (request) => `contact:${request.ip}`);
  const hasEmail = (request: FastifyRequest) => emailOf(request) !== '';

  return {
    check: [
      async (request) => ip.guard(request, false),
      async (request) => {
        if (hasEmail(request)) await email.guard(request, false);
      },
    ],
    async count(request) {
      // Counting past the limit is what makes the next check refuse; no error here.
      await ip.guard(request, true).catch(() => undefined);
      if (hasEmail(request)) await email.guard(request, true).catch(() => undefined);
    },
    checkAndCount: [
      async (request) => ip.guard(request, true),
      async (request) => {
        if (hasEmail(request)) await email.guard(request, true);
      },
    ],
    contact: async (request) => contact.guard(request, true),
  };
}
