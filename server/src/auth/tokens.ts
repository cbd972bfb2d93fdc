/**
 * Access tokens: JWTs signed with HMAC-SHA256, algorithm pinned, with an expiry.
 *
 * Built on node:crypto rather than jose because jose 6 ships only as an ES module, which the
 * jest "server" project (jest.config.ts) does not transform; the tokens are standard HS256
 * JWTs, so swapping jose in later changes nothing for clients.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

export interface TokenClaims {
  userId: number;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface TokenService {
  sign(userId: number): string;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): TokenClaims | null;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
// A token from a server whose clock runs slightly ahead is still accepted.
const CLOCK_SKEW_SECONDS = 60;

function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): TokenService {
  const key = Buffer.from(options.secret, 'utf8');
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000);

  return {
    sign(userId) {
      const iat = nowSeconds();
      const payload = Buffer.from(
        JSON.stringify({ sub: String(userId), iat, exp: iat + options.ttlSeconds }),
      ).toString('base64url');
      const signature = mac(`${HEADER}.${payload}`).toString('base64url');
      return `${HEADER}.${payload}.${signature}`;
    },

    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = parseJson(headerPart);
      // The algorithm is pinned: "none", RS256 and friends are refused before any crypto.
      if (!header || header.alg !== 'HS256') return null;
      const expected = mac(`${headerPart}.${payloadPart}`);
      const given = Buffer.from(signaturePart, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const payload = parseJson(payloadPart);
      if (!payload) return null;
      const { sub, iat, exp } = payload;
      if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      const now = nowSeconds();
      if (exp <= now || iat > now + CLOCK_SKEW_SECONDS) return null;
      return { userId: Number(sub), issuedAt: iat, expiresAt: exp };
    },
  };
}
