/**
 * The shop's money: the ledger every naira that moves is written to (owner only), and the
 * payments Paystack confirmed that could not become an order ("paid, not placed"). Amounts
 * in answers are naira; the server keeps kobo.
 */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { MAX_ID } from './rules';

export const LEDGER_KINDS = [
  'payment_online',
  'payment_cash',
  'payment_transfer',
  'refund_started',
  'refund_completed',
  'refund_failed',
  'payout_requested',
  'payout_paid',
  'commission_earned',
  'commission_reversed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Which way each kind moves the shop's cash: in (1), out (-1), or neither (0: money owed or
 * promised, such as a refund started or a commission earned, not yet paid).
 */
export const LEDGER_DIRECTION: Record<LedgerKind, 1 | 0 | -1> = {
  payment_online: 1,
  payment_cash: 1,
  payment_transfer: 1,
  refund_started: 0,
  refund_completed: -1,
  refund_failed: 0,
  payout_requested: 0,
  payout_paid: -1,
  commission_earned: 0,
  commission_reversed: 0,
};

/** A Lagos calendar day, as the owner picks it. */
const DayField = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  errorMessage: 'Use a date like 2026-11-28',
});

/** GET /staff/ledger?from=&to=: Lagos days, both included; today when left out. */
export const LedgerQuerySchema = Type.Object({
  from: Type.Optional(DayField),
  to: Type.Optional(DayField),
});
export type LedgerQuery = Static<typeof LedgerQuerySchema>;

export const LedgerRowSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(LEDGER_KINDS),
  /** Naira, always positive: `direction` (from the kind) says which way it went. */
  amount: Type.Number(),
  direction: Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-1)]),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  shopper_id: Type.Union([Type.Integer(), Type.Null()]),
  affiliate_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Who did it; null for Paystack or the server itself. */
  actor_user_id: Type.Union([Type.Integer(), Type.Null()]),
  paystack_reference: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type LedgerRow = Static<typeof LedgerRowSchema>;

/** The most rows one answer lists; the totals always cover the whole range. */
export const LEDGER_PAGE_ROWS = 500;

export const LedgerSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Newest first, at most LEDGER_PAGE_ROWS. */
  rows: Type.Array(LedgerRowSchema),
  /** Whether the range holds more rows than are listed. */
  more: Type.Boolean(),
  totals: Type.Object({
    /** Naira per kind over the whole range (0 for a kind with no rows). */
    by_kind: Type.Record(Type.String(), Type.Number()),
    /** Cash in: payments online, cash and transfer. */
    received: Type.Number(),
    /** Cash out: refunds completed and payouts paid. */
    paid_out: Type.Number(),
    net: Type.Number(),
  }),
});
export type Ledger = Static<typeof LedgerSchema>;

// ------------------------------------------------------------------ paid, not placed

export const UNPLACED_STATES = ['open', 'placed', 'refund_started'] as const;
export type UnplacedState = (typeof UNPLACED_STATES)[number];

export const UnplacedPaymentSchema = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  /** Naira. */
  amount: Type.Number(),
  shopper: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    mobile_number: Type.String(),
  }),
  /** Why no order came of it, as the shopper was told. */
  reason: Type.String(),
  state: Type.Enum(UNPLACED_STATES),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  /** The card refund through Paystack, once started: pending, processed or failed (its words). */
  refund: Type.Union([
    Type.Object({
      state: Type.Union([
        Type.Literal('pending'),
        Type.Literal('processed'),
        Type.Literal('failed'),
      ]),
      message: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type UnplacedPayment = Static<typeof UnplacedPaymentSchema>;

export const UnplacedPaymentListSchema = Type.Object({
  payments: Type.Array(UnplacedPaymentSchema),
});
export type UnplacedPaymentList = Static<typeof UnplacedPaymentListSchema>;

/** GET /staff/unplaced-payments?state=: open ones unless asked otherwise. */
export const UnplacedPaymentsQuerySchema = Type.Object({
  state: Type.Optional(Type.Enum(UNPLACED_STATES)),
});
export type UnplacedPaymentsQuery = Static<typeof UnplacedPaymentsQuerySchema>;

/** POST /staff/unplaced-payments/:id/place and .../refund (owner only). */
export const UnplacedPaymentParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});
