/**
 * One-time codes for activation, password reset and signing in after too many wrong
 * passwords: 6 random digits, stored as an HMAC, valid for a while, used once, dead after a
 * few wrong guesses, and not sent too often.
 *
 * The resend limits count requests per address (the email, and the mobile number a code goes
 * to), whether or not an account uses that address, so a stranger asking twice hears exactly
 * what a shopper would and learns nothing about who shops here.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../../../contract/email';
import type { OtpChannel } from '../../../contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/client';
import {
  consumeOtp,
  countWrongGuess,
  forgetOldCodeRequests,
  insertCodeRequest,
  insertOtp,
  latestOtp,
  lockCodeAddress,
  recentCodeRequests,
} from '../db/otps';
import { findUserByEmail, markMobileVerified, type UserRecord } from '../db/users';
import type { Mailer, OutgoingMessage } from '../mail/mailer';
import { loginCodeMessage, otpMessage } from '../mail/messages';
import { tooManyRequests, waitText } from '../plugins/errors';

/** What a code is for: the words of the message that carries it. */
export type CodePurpose = 'account' | 'login';

export interface OtpService {
  /**
   * Asks for a code for the email over the channel: a 429 HttpError when the address asked
   * too often, the same for accounts and strangers. Only an account is sent a code. An SMS
   * goes to a number not yet proven only to activate a new account; an activated account
   * whose number is unproven gets its code by email instead.
   */
  request(
    email: string,
    user: UserRecord | null,
    channel: OtpChannel,
    purpose?: CodePurpose,
  ): Promise<void>;
  /**
   * Counts one message to the address under the same limits, for mail that carries no code
   * (say, "someone tried to sign up with your email"); false when it must not be sent now.
   */
  allowNotice(email: string): Promise<boolean>;
  /** Uses up the code: the account and the channel the code went to, or null. */
  consume(email: string, code: string): Promise<{ user: UserRecord; channel: OtpChannel } | null>;
}

const HOUR_MS = 3_600_000;

/** Where codes go, and the least time between two of them there. */
interface Address {
  name: string;
  intervalSeconds: number;
}
/** Every this many requests, the requests of addresses nobody came back for are dropped. */
const TIDY_EVERY = 100;

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
  let requests = 0;

  /** Takes a turn for each address and counts this request, or throws 429. */
  async function throttle(tx: Queryable, addresses: Address[], now: Date): Promise<void> {
    const since = new Date(now.getTime() - HOUR_MS);
    // Sorted, so two requests naming the same two addresses never wait for each other.
    const names = addresses.map((a) => a.name).sort();
    for (const name of names) await lockCodeAddress(tx, name, since);
    for (const { name: address, intervalSeconds } of addresses) {
      const stats = await recentCodeRequests(tx, address, since);
      if (stats.latest && intervalSeconds > 0) {
        const wait = (Date.parse(stats.latest) + intervalSeconds * 1000 - now.getTime()) / 1000;
        if (wait > 0) {
          throw tooManyRequests(
            `Please wait ${waitText(wait)} before asking for another code`,
            wait,
          );
        }
      }
      if (stats.count >= config.maxPerHour && stats.oldest) {
        const wait = (Date.parse(stats.oldest) + HOUR_MS - now.getTime()) / 1000;
        throw tooManyRequests(
          `You have asked for ${config.maxPerHour} codes in the last hour. Try again in ${waitText(wait)}.`,
          wait,
        );
      }
    }
    for (const { name } of addresses) await insertCodeRequest(tx, name, now);
    if (++requests % TIDY_EVERY === 0) await forgetOldCodeRequests(tx, since);
  }

  return {
    async request(email, user, asked, purpose = 'account') {
      const now = clock.now();
      const address = normalizeEmail(email);
      const channel: OtpChannel =
        asked === 'sms' && user && user.emailVerified && user.mobileVerifiedAt === null
          ? 'email'
          : asked;
      const addresses: Address[] = [
        { name: `email:${address}`, intervalSeconds: config.resendIntervalSeconds },
      ];
      if (user && channel === 'sms') {
        addresses.push({
          name: `sms:${user.mobileNumber}`,
          // A number nobody has proven may be a stranger's, typed into many sign-ups: it gets
          // one code at a time, whichever account asks, until that code has expired.
          intervalSeconds:
            user.mobileVerifiedAt === null
              ? Math.max(config.resendIntervalSeconds, config.ttlSeconds)
              : config.resendIntervalSeconds,
        });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await throttle(tx, addresses, now);
        if (!user) return;
        const expiresAt = new Date(now.getTime() + config.ttlSeconds * 1000);
        await insertOtp(tx, {
          userId: user.id,
          channel,
          codeHash: hash(user.id, code),
          createdAt: now,
          expiresAt,
        });
        // Queued with the code itself: a code is kept if and only if its message will go.
        const message: OutgoingMessage =
          purpose === 'login'
            ? loginCodeMessage(user, code, config.ttlSeconds)
            : otpMessage(user, channel, code, config.ttlSeconds);
        await mailer.send({ ...message, expiresAt }, tx);
      });
    },

    async allowNotice(email) {
      try {
        const address = {
          name: `email:${normalizeEmail(email)}`,
          intervalSeconds: config.resendIntervalSeconds,
        };
        await db.transaction((tx) => throttle(tx, [address], clock.now()));
        return true;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 429) return false;
        throw error;
      }
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
      // A code that reached the phone proves the number it was sent to.
      if (otp.channel === 'sms') await markMobileVerified(db, user.id, user.mobileNumber, now);
      return { user, channel: otp.channel };
    },
  };
}
