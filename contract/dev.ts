/** Local development: the outbox of mail the server would send, the EmailJS stand-in, health. */
import { Type, type Static } from 'typebox';

export const OutboxMessageSchema = Type.Object({
  to: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessageSchema>;

export const OutboxQuerySchema = Type.Object({
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
});
export type OutboxQuery = Static<typeof OutboxQuerySchema>;

/**
 * POST /v1.0/email/send, as @emailjs/browser sends it. Missing ids are answered 400 with a
 * plain-text body, as EmailJS does, so the ids are optional here and checked by the route.
 */
export const EmailJsSendSchema = Type.Object({
  lib_version: Type.Optional(Type.String({ maxLength: 50 })),
  user_id: Type.Optional(Type.String({ maxLength: 200 })),
  service_id: Type.Optional(Type.String({ maxLength: 200 })),
  template_id: Type.Optional(Type.String({ maxLength: 200 })),
  accessToken: Type.Optional(Type.String({ maxLength: 200 })),
  template_params: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 10000 }), Type.Number(), Type.Boolean(), Type.Null()]),
    ),
  ),
});
export type EmailJsSendRequest = Static<typeof EmailJsSendSchema>;

/** POST /v1.0/email/send-form: the form's own fields plus the ids, all text. */
export const EmailJsFormSchema = Type.Record(
  Type.String({ maxLength: 100 }),
  Type.String({ maxLength: 10000 }),
);

/**
 * `mode`: demo (payments are simulated, codes go to the outbox) or production; the
 * storefront shows a notice in demo mode.
 */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  mode: Type.Union([Type.Literal('demo'), Type.Literal('production')]),
});
export type Health = Static<typeof HealthSchema>;
