/** The users service: sign-up, one-time codes, login, password reset, the profile. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import {
  EMAIL_PATTERN,
  GENDERS,
  MAX_AGE,
  MAX_ID,
  MAX_NAME_LENGTH,
  MIN_AGE,
  MIN_PASSWORD_LENGTH,
  NIGERIAN_MOBILE_PATTERN,
  OTP_CHANNELS,
} from './rules';

const EmailField = Type.String({
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  errorMessage: FIELD_MESSAGES.email,
});
/** A Nigerian mobile number field (also the delivery location's). */
export const MobileField = Type.String({
  maxLength: 20,
  pattern: NIGERIAN_MOBILE_PATTERN,
  errorMessage: FIELD_MESSAGES.mobile,
});
const AgeField = Type.Integer({
  minimum: MIN_AGE,
  maximum: MAX_AGE,
  errorMessage: FIELD_MESSAGES.age,
});
const NewPasswordField = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 200,
  errorMessage: FIELD_MESSAGES.password,
});
const NameField = Type.String({
  minLength: 1,
  maxLength: MAX_NAME_LENGTH,
  pattern: '\\S',
  errorMessage: FIELD_MESSAGES.name,
});

/**
 * The sign-up record. role, emailverified, verificationtoken and the three dates are sent by
 * the storefront as the spec says but ignored: every new account is an unverified customer.
 * An empty affiliate_code means none.
 */
export const RegistrationSchema = Type.Object({
  email: EmailField,
  first_name: NameField,
  last_name: NameField,
  affiliate_code: Type.Optional(Type.String({ maxLength: 50 })),
  mobile_number: MobileField,
  gender: Type.Enum(GENDERS),
  age: AgeField,
  role: Type.Optional(Type.String({ maxLength: 50 })),
  emailverified: Type.Optional(Type.Boolean()),
  verificationtoken: Type.Optional(Type.String({ maxLength: 200 })),
  created_at: Type.Optional(Type.String({ maxLength: 50 })),
  updated_at: Type.Optional(Type.String({ maxLength: 50 })),
  last_logged_in: Type.Optional(Type.String({ maxLength: 50 })),
  password: NewPasswordField,
  cpassword: Type.String({ maxLength: 200 }),
});
export type Registration = Static<typeof RegistrationSchema>;

/**
 * The same for a new email and for one that already has an account (whose owner is emailed
 * instead), so sign-up does not tell who shops here.
 */
export const RegisterResponseSchema = Type.Object({ message: Type.String() });
export type RegisterResponse = Static<typeof RegisterResponseSchema>;

export const SendOtpSchema = Type.Object({
  user_email: EmailField,
  email_channel: Type.Enum(OTP_CHANNELS),
});
export type SendOtpRequest = Static<typeof SendOtpSchema>;
export const SendOtpResponseSchema = Type.Object({
  message: Type.String(),
  /** How long before another code to this address is accepted (the storefront counts it down). */
  resend_after_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SendOtpResponse = Static<typeof SendOtpResponseSchema>;

export const EmailVerificationSchema = Type.Object({
  user_email: Type.String({ minLength: 3, maxLength: 254 }),
  user_otp: Type.String({ minLength: 1, maxLength: 20 }),
});
export type EmailVerificationRequest = Static<typeof EmailVerificationSchema>;

/**
 * Sent form-encoded by the storefront (OAuth2 password style); JSON is accepted too. `otp`
 * (beyond the spec) is the emailed code an account needs after too many wrong passwords.
 */
export const LoginSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  otp: Type.Optional(Type.String({ maxLength: 20 })),
});
export type LoginRequest = Static<typeof LoginSchema>;

export const LoginResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  user_details: Type.Object({ id: Type.Integer(), firstname: Type.String() }),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const ResetPasswordSchema = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  otp: Type.String({ minLength: 1, maxLength: 20 }),
  password: NewPasswordField,
});
export type ResetPasswordRequest = Static<typeof ResetPasswordSchema>;

export const UserSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  mobile_number: Type.String(),
  age: Type.Integer(),
  gender: Type.Enum(GENDERS),
});
export type User = Static<typeof UserSchema>;

/** `password` (beyond the spec): the current password, needed to change the mobile number. */
export const CustomerUpdateSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  mobile_number: Type.Optional(MobileField),
  age: Type.Optional(AgeField),
  gender: Type.Optional(Type.Enum(GENDERS)),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CustomerUpdate = Static<typeof CustomerUpdateSchema>;
