/**
 * Access tokens: JWTs signed with HS256 (by jose; checked with node:crypto, the algorithm
 * pinned), with an expiry and a
 * session id (jti). A token alone proves little: the session it names must still be open in
 * the database (plugins/auth.ts), which is how log out and password resets end it.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../clock';

export interface TokenClaims {
  userId: number;
  /** The sessions row this token belongs to. */
  sessionId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

// A token from a server whose clock runs slightly ahead is still accepted.
const CLOCK_SKEW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A JSON object from a base64url segment, or null for anything else. */
function decodeObject(segment: string): Record<string, unknown> | null {
  // Node's decoder skips characters outside the alphabet: refuse them rather than ignore them.
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact JWS signed with HS256 by this key and not expired at `now`
 * (seconds), or null. Checked here with node:crypto rather than jose: jose goes through
 * WebCrypto, whose HMAC job cost a signed-in request about 13% of the server's time under
 * load, and a token is checked on every signed-in request. Only what sign() makes passes:
 * the header must be exactly {"alg":"HS256"} plus an optional "typ":"JWT" (no "crit", no
 * "b64", no other algorithm), and the signature must be the canonical encoding of the MAC.
 */
function verifyHs256(token: string, key: KeyObject, now: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeObject(headerPart);
  if (!header || header.alg !== 'HS256') return null;
  if (Object.keys(header).some((name) => name !== 'alg' && name !== 'typ')) return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  const expected = createHmac('sha256', key)
    .update(`${headerPart}.${payloadPart}`)
    .digest()
    .toString('base64url');
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    return null;
  }
  const payload = decodeObject(payloadPart);
  if (!payload) return null;
  const { exp, nbf } = payload;
  // As jose: a token is refused from its expiry second on, and before its "not before".
  if (typeof exp !== 'number' || !Number.isFinite(exp) || now >= exp) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  return payload;
}

export function createTokenService(options: { secret: string; clock: Clock }): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const verifyKey = createSecretKey(key);
  return {
    async sign(claims) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setJti(claims.sessionId)
        .setIssuedAt(claims.issuedAt)
        .setExpirationTime(claims.expiresAt)
        .sign(key);
    },

    async verify(token) {
      const now = options.clock.now();
      const payload = verifyHs256(token, verifyKey, Math.floor(now.getTime() / 1000));
      if (!payload) return null;
      const { sub, jti, iat, exp } = payload;
      if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
      if (typeof jti !== 'string' || !UUID.test(jti)) return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      if (iat > Math.floor(now.getTime() / 1000) + CLOCK_SKEW_SECONDS) return null;
      return { userId: Number(sub), sessionId: jti, issuedAt: iat, expiresAt: exp };
    },
  };
}
