-- Every naira that moves, one row each, never updated or deleted: totals are sums of these
-- rows. event_key names the event a row records (a payment's reference, an order's refund,
-- a payout), so recording one event twice (a webhook replayed, a retried call) adds nothing.
CREATE TABLE money_ledger (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN (
    'payment_online', 'payment_cash', 'payment_transfer',
    'refund_started', 'refund_completed', 'refund_failed',
    'payout_requested', 'payout_paid',
    'commission_earned', 'commission_reversed')),
  -- Always positive: the kind says which way the money goes.
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  order_id integer REFERENCES orders (id),
  shopper_id integer REFERENCES users (id),
  affiliate_id integer REFERENCES affiliates (id),
  -- Who did it; null when Paystack or the server itself did.
  actor_user_id integer REFERENCES users (id),
  paystack_reference text,
  event_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX money_ledger_created_at ON money_ledger (created_at, id);

CREATE FUNCTION money_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_ledger rows are never changed or removed';
END;
$$;
CREATE TRIGGER money_ledger_append_only BEFORE UPDATE OR DELETE ON money_ledger
  FOR EACH ROW EXECUTE FUNCTION money_ledger_append_only();

-- A payment Paystack confirmed that could not become an order (its hold lapsed and the
-- stock went, or the cart changed): kept for the shop to place anyway or refund, once per
-- reference whichever of the webhook and the checkout call saw it first.
CREATE TABLE unplaced_payments (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE REFERENCES transactions (reference),
  user_id integer NOT NULL REFERENCES users (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  mobile_number text NOT NULL,
  reason text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'placed', 'refund_started')),
  order_id integer REFERENCES orders (id),
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by integer REFERENCES users (id)
);
CREATE INDEX unplaced_payments_open ON unplaced_payments (created_at) WHERE state = 'open';

-- A card payment given back through the payment provider (Paystack's Refund API, or the
-- sandbox's): one per payment, pending until the provider's answer or its refund webhook
-- says processed or failed (with the provider's words).
CREATE TABLE refunds (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE REFERENCES transactions (reference),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  shopper_id integer NOT NULL REFERENCES users (id),
  order_id integer REFERENCES orders (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'processed', 'failed')),
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
