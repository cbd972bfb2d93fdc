/**
 * Accounts (users service, docs/product.md#calls): sign-up, codes, activation, login,
 * password reset, profile.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../../contract/sessionCookie';
import {
  CustomerUpdateSchema,
  EmailVerificationSchema,
  ERROR_DETAILS,
  FIELD_MESSAGES,
  LoginResponseSchema,
  LoginSchema,
  MessageSchema,
  NIGERIAN_MOBILE_PATTERN,
  RegisterResponseSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SendOtpResponseSchema,
  SendOtpSchema,
  UserSchema,
} from '../../../contract';
import type { ValidationIssue } from '../../../contract';
import { isCommonPassword } from '../auth/commonPasswords';
import type { RoutePlugin } from '../context';
import { findAffiliateIdByCode } from '../db/affiliates';
import { isUniqueViolation } from '../db/client';
import {
  findUserByEmail,
  findUserById,
  findUsersByProvenMobile,
  insertUser,
  markEmailVerified,
  normalizeEmail,
  normalizeMobile,
  setPassword,
  toUser,
  updateProfile,
  type UserRecord,
} from '../db/users';
import { MailDeliveryError } from '../mail/mailer';
import { mobileChangedMessage, signupAttemptMessage } from '../mail/messages';
import { currentUser } from '../plugins/auth';
import {
  badRequest,
  credentialsError,
  forbidden,
  HttpError,
  issue,
  tooManyRequests,
  unprocessable,
  waitText,
} from '../plugins/errors';

const mailFailed = () =>
  new HttpError(502, 'We could not send the code just now. Please try again.');

/** The browser a login comes from, for telling one shopper's two accounts apart from two shoppers. */
const DEVICE_COOKIE = 'ibm_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function deviceOf(request: FastifyRequest): string | null {
  const value = readCookie(request.headers.cookie, DEVICE_COOKIE);
  return value && DEVICE_ID.test(value) ? value : null;
}

/**
 * The device id of this browser, set as a cookie the first time it signs in. Secure when the
 * shop's address is https, whether or not a proxy in front tells the server the protocol.
 */
function ensureDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  config: { apiPrefix: string; publicUrl: string | null },
): string {
  const known = deviceOf(request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  const https = request.protocol === 'https' || config.publicUrl?.startsWith('https:') === true;
  const secure = https ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${id}; Path=${config.apiPrefix}; Max-Age=63072000; HttpOnly; SameSite=Lax${secure}`,
  );
  return id;
}

const NIGERIAN_MOBILE = new RegExp(NIGERIAN_MOBILE_PATTERN);

/** A login's username as a Nigerian mobile number (spaces and dashes allowed), else null. */
function mobileOf(username: string): string | null {
  if (username.includes('@')) return null;
  const compact = username.replace(/[\s-]/g, '');
  return NIGERIAN_MOBILE.test(compact) ? normalizeMobile(compact) : null;
}

/** Said for every phone-form refusal, known number or not, so it tells nobody who shops here. */
const INCORRECT_PHONE_LOGIN =
  'Incorrect phone number or password. A phone number works here once it has been confirmed with a code sent to it by SMS; you can always log in with your email.';

const userRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, passwords, sessions, otp, clock, limits, mailer } = ctx;

  /** Mail that must not fail the request it belongs to (the answer may not tell it was sent). */
  async function sendQuietly(
    request: FastifyRequest,
    what: string,
    send: () => Promise<void>,
  ): Promise<void> {
    try {
      await send();
    } catch (error) {
      request.log.warn({ err: error }, `${what} not sent`);
    }
  }

  /**
   * The same answer whether the email is new or already has an account, so sign-up cannot
   * be used to find out who shops here. A new shopper gets the activation code; the owner of
   * an existing account gets a fresh code if it is not activated yet, else a note that
   * someone tried to sign up with their email.
   */
  app.post(
    '/register',
    { schema: { body: RegistrationSchema, response: { 200: RegisterResponseSchema } } },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      await limits.send(request, email);
      const issues: ValidationIssue[] = [];
      if (isCommonPassword(body.password)) {
        issues.push(issue(['body', 'password'], FIELD_MESSAGES.commonPassword));
      }
      if (body.password !== body.cpassword) {
        issues.push(issue(['body', 'cpassword'], 'Passwords do not match'));
      }
      const code = (body.affiliate_code ?? '').trim().toLowerCase();
      const affiliateId = code === '' ? null : await findAffiliateIdByCode(db, code);
      if (code !== '' && affiliateId === null) {
        issues.push(issue(['body', 'affiliate_code'], 'This affiliate code does not exist'));
      }
      if (issues.length > 0) throw unprocessable(issues);

      // Hashed in both cases, so a known email takes as long to answer as a new one.
      const passwordHash = await passwords.hash(body.password);
      let existing = await findUserByEmail(db, email);
      let created: UserRecord | null = null;
      if (!existing) {
        try {
          created = await insertUser(db, {
            email,
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            mobileNumber: normalizeMobile(body.mobile_number),
            age: body.age,
            gender: body.gender,
            passwordHash,
            referredByAffiliateId: affiliateId,
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          existing = await findUserByEmail(db, email);
        }
      }
      if (created) {
        await sendQuietly(request, 'activation code', () => otp.request(email, created, 'email'));
      } else if (existing && !existing.emailVerified) {
        const owner = existing;
        await sendQuietly(request, 'activation code', () => otp.request(email, owner, 'email'));
      } else if (existing && (await otp.allowNotice(email))) {
        const owner = existing;
        await sendQuietly(request, 'sign-up notice', () =>
          mailer.send(signupAttemptMessage(owner)),
        );
      }
      return {
        message: `Check ${email}: we sent you a 6-digit code to activate your account. If you already have an account, the email says how to log in instead.`,
      };
    },
  );

  app.post(
    '/send-otp',
    { schema: { body: SendOtpSchema, response: { 200: SendOtpResponseSchema } } },
    async (request) => {
      const email = normalizeEmail(request.body.user_email);
      const channel = request.body.email_channel;
      await limits.send(request, email);
      const user = await findUserByEmail(db, email);
      // Same answer, and same limits, whether or not the account exists.
      try {
        await otp.request(email, user, channel);
      } catch (error) {
        if (error instanceof MailDeliveryError) {
          request.log.error({ err: error }, 'code not delivered');
          throw mailFailed();
        }
        throw error;
      }
      const where =
        channel === 'sms'
          ? 'by SMS to its mobile number, or by email if that number is not confirmed yet'
          : 'by email';
      const minutes = Math.round(ctx.config.otp.ttlSeconds / 60);
      return {
        message: `If an account uses ${email}, we have sent it a 6-digit code ${where}. The code expires in ${minutes} minutes.`,
        resend_after_seconds: ctx.config.otp.resendIntervalSeconds,
      };
    },
  );

  /** Activation and reset take a code: counted as a guess before it is tried. */
  async function guessCode(request: FastifyRequest, email: string, code: string) {
    const guess = await limits.guess(request, email);
    if (guess.emailExhausted) {
      throw tooManyRequests(
        `Too many attempts. Please try again in ${waitText(guess.emailRetryAfterSeconds)}.`,
        guess.emailRetryAfterSeconds,
      );
    }
    const used = await otp.consume(email, code);
    if (!used) throw badRequest(ERROR_DETAILS.invalidOtp);
    await guess.succeeded();
    return used;
  }

  app.post(
    '/email-verification',
    { schema: { body: EmailVerificationSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const used = await guessCode(request, request.body.user_email, request.body.user_otp);
      await markEmailVerified(db, used.user.id);
      return { message: 'Account activated. You can now log in.' };
    },
  );

  /**
   * Each password tried counts against the account before it is tested. Once the account
   * has had its allowance, a password alone is no longer tested: the owner is emailed a code
   * and signs in with password and code, so strangers' guesses can neither get in nor lock
   * the owner out. Unknown emails answer exactly as known ones do.
   */
  app.post(
    '/login',
    { schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request, reply) => {
      const refused = (detail: string) =>
        new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });
      // By phone, the account is the one whose proven number it is, and every guess counts
      // against that account's email exactly as an email login's would; a number with no
      // single owner counts against the number itself.
      const mobile = mobileOf(request.body.username);
      const owners = mobile === null ? [] : await findUsersByProvenMobile(db, mobile);
      const byPhone = mobile !== null && owners.length === 1 ? (owners[0] ?? null) : null;
      const email =
        mobile === null
          ? normalizeEmail(request.body.username)
          : (byPhone?.email ?? `mobile:${mobile}`);
      const guess = await limits.guess(request, email);
      const user = mobile === null ? await findUserByEmail(db, email) : byPhone;
      const incorrect = mobile === null ? ERROR_DETAILS.incorrectLogin : INCORRECT_PHONE_LOGIN;
      // A number two accounts have proven signs in neither, with the words any wrong number
      // gets: saying it is shared would tell whoever types it that it is somebody's.
      if (mobile !== null && owners.length > 1 && !guess.emailExhausted) {
        await passwords.burn(request.body.password);
        throw refused(INCORRECT_PHONE_LOGIN);
      }

      let emailProven = false;
      if (guess.emailExhausted) {
        const given = request.body.otp?.trim() ?? '';
        if (given === '') {
          if (user) {
            await sendQuietly(request, 'sign-in code', () =>
              otp.request(email, user, 'email', 'login').catch((error: unknown) => {
                // Asked again too soon: the code sent a moment ago still works.
                if ((error as { statusCode?: number }).statusCode !== 429) throw error;
              }),
            );
          }
          throw refused(ERROR_DETAILS.loginCodeRequired);
        }
        const used = await otp.consume(email, given);
        if (!used || !user || used.user.id !== user.id || used.channel !== 'email') {
          throw refused(ERROR_DETAILS.loginCodeRequired);
        }
        if (!(await passwords.verify(user.passwordHash, request.body.password))) {
          throw refused(ERROR_DETAILS.loginCodeRequired);
        }
        emailProven = true;
        await guess.resetEmail();
      } else {
        if (!user) {
          await passwords.burn(request.body.password);
          throw refused(incorrect);
        }
        if (!(await passwords.verify(user.passwordHash, request.body.password))) {
          throw refused(incorrect);
        }
        await guess.succeeded();
      }

      if (!user.emailVerified) {
        if (!emailProven) throw forbidden(ERROR_DETAILS.notActivated);
        await markEmailVerified(db, user.id);
      }
      const rehash = passwords.needsRehash(user.passwordHash)
        ? await passwords.hash(request.body.password)
        : null;
      const token = await sessions.open(
        { userId: user.id, passwordChangedAt: user.passwordChangedAt, rehash },
        ensureDevice(request, reply, ctx.config),
      );
      // The password was changed while this login checked the old one.
      if (token === null) throw refused(ERROR_DETAILS.incorrectLogin);
      return {
        access_token: token,
        token_type: 'bearer' as const,
        user_details: { id: user.id, firstname: user.firstName },
      };
    },
  );

  /** Ends the session of the token sent: the token is refused from now on, on every server. */
  app.post(
    '/logout',
    { preValidation: ctx.requireUser, schema: { response: { 200: MessageSchema } } },
    async (request) => {
      await sessions.end(currentUser(request).sessionId);
      return { message: 'Log out successful' };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: MessageSchema } } },
    async (request) => {
      // Before the code is tried, so a refused password does not spend a guess.
      if (isCommonPassword(request.body.password)) {
        throw unprocessable([issue(['body', 'password'], FIELD_MESSAGES.commonPassword)]);
      }
      const used = await guessCode(request, request.body.email, request.body.otp);
      const hash = await passwords.hash(request.body.password);
      await db.transaction(async (tx) => {
        // A code that reached the inbox proves the email too, so the account is activated.
        await setPassword(tx, used.user.id, hash, used.channel === 'email', clock.now());
        await sessions.endAll(tx, used.user.id);
      });
      return { message: 'Password reset. Log in with your new password.' };
    },
  );

  app.get(
    '/user/me',
    { preValidation: ctx.requireUser, schema: { response: { 200: UserSchema } } },
    async (request) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw credentialsError();
      return toUser(user);
    },
  );

  /**
   * A new mobile number needs the current password (a token alone, perhaps stolen, is not
   * enough), ends the account's other sessions, and the owner is told by email.
   */
  app.patch(
    '/customer-update',
    {
      preValidation: ctx.requireUser,
      schema: { body: CustomerUpdateSchema, response: { 200: UserSchema } },
    },
    async (request) => {
      const caller = currentUser(request);
      const body = request.body;
      if (body.user_id !== caller.id) throw forbidden('You can only update your own account');
      const account = await findUserById(db, caller.id);
      if (!account) throw credentialsError();
      const mobile =
        body.mobile_number === undefined ? undefined : normalizeMobile(body.mobile_number);
      const mobileChanges = mobile !== undefined && mobile !== account.mobileNumber;
      if (mobileChanges) {
        const password = body.password ?? '';
        if (password === '') {
          throw unprocessable([
            issue(['body', 'password'], ERROR_DETAILS.passwordForMobile, 'missing'),
          ]);
        }
        const guess = await limits.guess(request, account.email);
        if (guess.emailExhausted) {
          throw tooManyRequests(
            `Too many attempts. Please try again in ${waitText(guess.emailRetryAfterSeconds)}.`,
            guess.emailRetryAfterSeconds,
          );
        }
        if (!(await passwords.verify(account.passwordHash, password))) {
          throw unprocessable([issue(['body', 'password'], ERROR_DETAILS.wrongCurrentPassword)]);
        }
        await guess.succeeded();
      }
      const updated = await db.transaction(async (tx) => {
        const changed = await updateProfile(tx, caller.id, {
          mobileNumber: mobileChanges ? mobile : undefined,
          age: body.age,
          gender: body.gender,
        });
        if (changed && mobileChanges) {
          await sessions.endAll(tx, caller.id, caller.sessionId);
        }
        return changed;
      });
      if (!updated) throw credentialsError();
      if (mobileChanges) {
        await sendQuietly(request, 'mobile change notice', () =>
          mailer.send(mobileChangedMessage(updated, updated.mobileNumber)),
        );
      }
      return toUser(updated);
    },
  );
};

export default userRoutes;
