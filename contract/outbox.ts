/**
 * The owner's view of the outbox (GET /staff/outbox): every email and SMS the shop has
 * queued, with where it stands. Bodies are never listed, and a message carrying a code
 * shows no subject: staff must not be able to read a shopper's code.
 */
import { Type, type Static } from 'typebox';
import { MAX_PAGE_SIZE } from './rules';

export const STAFF_OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type StaffOutboxStatus = (typeof STAFF_OUTBOX_STATUSES)[number];

export const StaffOutboxQuerySchema = Type.Object({
  /** dead (the default): the messages given up on, which the owner may need to act on. */
  status: Type.Optional(Type.Enum([...STAFF_OUTBOX_STATUSES, 'all'])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type StaffOutboxQuery = Static<typeof StaffOutboxQuerySchema>;

export const StaffOutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  subject: Type.String(),
  status: Type.Enum(STAFF_OUTBOX_STATUSES),
  /** smtp, termii, africastalking, relay, or outbox (the demo outbox); null before a try. */
  route: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer({ minimum: 0 }),
  /** Why the last try failed, in the provider's words. */
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  sent_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffOutboxMessage = Static<typeof StaffOutboxMessageSchema>;

export const StaffOutboxListSchema = Type.Object({
  messages: Type.Array(StaffOutboxMessageSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type StaffOutboxList = Static<typeof StaffOutboxListSchema>;
