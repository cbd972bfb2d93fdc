/**
 * Access tokens: JWTs signed with HS256 by jose, the algorithm pinned, with an expiry and a
 * session id (jti). A token alone proves little: the session it names must still be open in
 * the database (plugins/auth.ts), which is how log out and password resets end it.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
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

export function createTokenService(options: { secret: string; clock: Clock }): TokenService {
  const key = new TextEncoder().encode(options.secret);

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
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          // "none", RS256 and friends are refused before any signature is checked.
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        }));
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
      const { sub, jti, iat, exp } = payload;
      if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
      if (typeof jti !== 'string' || !UUID.test(jti)) return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      if (iat > Math.floor(now.getTime() / 1000) + CLOCK_SKEW_SECONDS) return null;
      return { userId: Number(sub), sessionId: jti, issuedAt: iat, expiresAt: exp };
    },
  };
}
