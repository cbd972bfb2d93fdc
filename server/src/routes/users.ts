/** Accounts (spec 7, users service): sign-up, codes, activation, login, reset, profile. */
import {
  CustomerUpdateSchema,
  EmailVerificationSchema,
  ERROR_DETAILS,
  LoginResponseSchema,
  LoginSchema,
  MessageSchema,
  RegisterResponseSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SendOtpSchema,
  UserSchema,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import { findAffiliateIdByCode } from '../db/affiliates';
import { isUniqueViolation } from '../db/client';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  normalizeEmail,
  normalizeMobile,
  recordLogin,
  setPassword,
  toUser,
  updateProfile,
} from '../db/users';
import { MailDeliveryError } from '../mail/mailer';
import { currentUser } from '../plugins/auth';
import {
  badRequest,
  conflict,
  credentialsError,
  forbidden,
  HttpError,
  issue,
  unprocessable,
} from '../plugins/errors';
import type { ValidationIssue } from '../../../contract';

const mailFailed = () =>
  new HttpError(502, 'We could not send the code just now. Please try again.');

const userRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, passwords, tokens, otp, clock, limits } = ctx;
  // Guessing routes count failures only; routes that send a message count every call.
  const guessing = { preHandler: limits.check };
  const sending = { preHandler: limits.checkAndCount };

  app.post(
    '/register',
    {
      ...sending,
      schema: { body: RegistrationSchema, response: { 200: RegisterResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      const issues: ValidationIssue[] = [];
      if (body.password !== body.cpassword) {
        issues.push(issue(['body', 'cpassword'], 'Passwords do not match'));
      }
      const code = (body.affiliate_code ?? '').trim().toLowerCase();
      const affiliateId = code === '' ? null : await findAffiliateIdByCode(db, code);
      if (code !== '' && affiliateId === null) {
        issues.push(issue(['body', 'affiliate_code'], 'This affiliate code does not exist'));
      }
      if (issues.length > 0) throw unprocessable(issues);
      if (await findUserByEmail(db, email)) throw conflict(ERROR_DETAILS.emailTaken);

      let user;
      try {
        user = await insertUser(db, {
          email,
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          mobileNumber: normalizeMobile(body.mobile_number),
          age: body.age,
          gender: body.gender,
          passwordHash: await passwords.hash(body.password),
          referredByAffiliateId: affiliateId,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ERROR_DETAILS.emailTaken);
        throw error;
      }
      let sent = true;
      try {
        await otp.issue(user, 'email');
      } catch (error) {
        // The account exists either way; the shopper can ask for the code again.
        request.log.warn({ err: error }, 'activation code not sent at sign-up');
        sent = false;
      }
      return {
        message: sent
          ? `Account created. We sent a 6-digit code to ${email}: enter it to activate your account.`
          : 'Account created. Ask for a code to activate your account.',
        user: { ...toUser(user), role: user.role, emailverified: user.emailVerified },
      };
    },
  );

  app.post(
    '/send-otp',
    { ...sending, schema: { body: SendOtpSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const email = normalizeEmail(request.body.user_email);
      const channel = request.body.email_channel;
      const user = await findUserByEmail(db, email);
      // Same answer whether or not the account exists, so this cannot be used to find accounts.
      if (user) {
        try {
          await otp.issue(user, channel);
        } catch (error) {
          if (error instanceof MailDeliveryError) {
            request.log.error({ err: error }, 'code not delivered');
            throw mailFailed();
          }
          throw error;
        }
      }
      const where = channel === 'sms' ? 'by SMS to its mobile number' : 'by email';
      const minutes = Math.round(ctx.config.otp.ttlSeconds / 60);
      return {
        message: `If an account uses ${email}, we have sent it a 6-digit code ${where}. The code expires in ${minutes} minutes.`,
      };
    },
  );

  app.post(
    '/email-verification',
    {
      ...guessing,
      schema: { body: EmailVerificationSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      const used = await otp.consume(request.body.user_email, request.body.user_otp);
      if (!used) {
        await limits.count(request);
        throw badRequest(ERROR_DETAILS.invalidOtp);
      }
      await markEmailVerified(db, used.user.id);
      ctx.forgetAccount(used.user.id);
      return { message: 'Account activated. You can now log in.' };
    },
  );

  app.post(
    '/login',
    { ...guessing, schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const user = await findUserByEmail(db, normalizeEmail(request.body.username));
      const wrong = async () => {
        await limits.count(request);
        return new HttpError(401, ERROR_DETAILS.incorrectLogin, { 'WWW-Authenticate': 'Bearer' });
      };
      if (!user) {
        await passwords.burn(request.body.password);
        throw await wrong();
      }
      if (!(await passwords.verify(user.passwordHash, request.body.password))) throw await wrong();
      if (!user.emailVerified) throw forbidden(ERROR_DETAILS.notActivated);
      const rehash = passwords.needsRehash(user.passwordHash)
        ? await passwords.hash(request.body.password)
        : null;
      await recordLogin(db, user.id, clock.now(), rehash);
      return {
        access_token: tokens.sign(user.id),
        token_type: 'bearer' as const,
        user_details: { id: user.id, firstname: user.firstName },
      };
    },
  );

  app.post(
    '/reset-password',
    { ...guessing, schema: { body: ResetPasswordSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const used = await otp.consume(request.body.email, request.body.otp);
      if (!used) {
        await limits.count(request);
        throw badRequest(ERROR_DETAILS.invalidOtp);
      }
      const hash = await passwords.hash(request.body.password);
      // A code that reached the inbox proves the email too, so the account is activated.
      await setPassword(db, used.user.id, hash, clock.now(), used.channel === 'email');
      ctx.forgetAccount(used.user.id);
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
      const updated = await updateProfile(db, caller.id, {
        mobileNumber:
          body.mobile_number === undefined ? undefined : normalizeMobile(body.mobile_number),
        age: body.age,
        gender: body.gender,
      });
      if (!updated) throw credentialsError();
      return toUser(updated);
    },
  );
};

export default userRoutes;
