/**
 * One-time codes for activation and password reset: 6 random digits, stored as an HMAC,
 * valid for a while, used once, dead after a few wrong guesses, and not sent too often.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpChannel } from '../../../contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { consumeOtp, countWrongGuess, insertOtp, latestOtp, recentOtpStats } from '../db/otps';
import { findUserByEmail, normalizeEmail, type UserRecord } from '../db/users';
import type { Mailer } from '../mail/mailer';
import { otpMessage } from '../mail/messages';
import { tooManyRequests, waitText } from '../plugins/errors';

export interface OtpService {
  /** Sends a fresh code over the channel; a 429 HttpError when codes are asked for too often. */
  issue(user: UserRecord, channel: OtpChannel): Promise<void>;
  /** Uses up the code: the account and the channel the code went to, or null. */
  consume(email: string, code: string): Promise<{ user: UserRecord; channel: OtpChannel } | null>;
}

export function createOtpService(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Config['otp'];
  secret: string;
}): OtpService {
  const { db, clock, mailer, config } = deps;
  const key = createHmac('sha256', deps.secret).update('storefront-otp').digest();
  const hash = (userId: number, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');

  return {
    async issue(user, channel) {
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        // One sender at a time per account, so two quick clicks cannot both pass the limits.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const stats = await recentOtpStats(tx, user.id, new Date(now.getTime() - 3_600_000));
        if (stats.latest && config.resendIntervalSeconds > 0) {
          const wait =
            (Date.parse(stats.latest) + config.resendIntervalSeconds * 1000 - now.getTime()) / 1000;
          if (wait > 0) {
            throw tooManyRequests(
              `Please wait ${waitText(wait)} before asking for another code`,
              wait,
            );
          }
        }
        if (stats.count >= config.maxPerHour && stats.oldest) {
          const wait = (Date.parse(stats.oldest) + 3_600_000 - now.getTime()) / 1000;
          throw tooManyRequests(
            `You have asked for ${config.maxPerHour} codes in the last hour. Try again in ${waitText(wait)}.`,
            wait,
          );
        }
        await insertOtp(tx, {
          userId: user.id,
          channel,
          codeHash: hash(user.id, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + config.ttlSeconds * 1000),
        });
      });
      await mailer.send(otpMessage(user, channel, code, config.ttlSeconds));
    },

    async consume(email, code) {
      const user = await findUserByEmail(db, normalizeEmail(email));
      if (!user) return null;
      const otp = await latestOtp(db, user.id);
      const now = clock.now();
      if (
        !otp ||
        otp.usedAt !== null ||
        otp.attempts >= config.maxAttempts ||
        Date.parse(otp.expiresAt) <= now.getTime()
      ) {
        return null;
      }
      const given = Buffer.from(hash(user.id, code.trim()), 'hex');
      const stored = Buffer.from(otp.codeHash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        await countWrongGuess(db, otp.id, config.maxAttempts);
        return null;
      }
      if (!(await consumeOtp(db, otp.id, now, config.maxAttempts))) return null;
      return { user, channel: otp.channel };
    },
  };
}
