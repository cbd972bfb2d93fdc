-- The outbox becomes the queue every message goes through. A message is written here first
-- (in the same transaction as what caused it, where there is one), then a sender delivers
-- it, retrying with backoff. Rows of the demo outbox (no route for their channel) are
-- delivered the moment they are written: they are 'sent' by route 'outbox'.
--
-- status: pending (waiting for due_at), sending (claimed by one server until due_at, its
-- lease), sent, dead (given up: the owner sees it). idempotency_key goes with the message
-- to providers that accept one, so a retry never reaches the shopper twice. secret marks
-- messages carrying a code: the owner's view shows no subject for them; expires_at, when
-- the code runs out: a code that could not go out in time is not sent late.
ALTER TABLE outbox ADD COLUMN idempotency_key text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE outbox ADD COLUMN status text NOT NULL DEFAULT 'sent'
  CHECK (status IN ('pending', 'sending', 'sent', 'dead'));
ALTER TABLE outbox ADD COLUMN route text;
ALTER TABLE outbox ADD COLUMN secret boolean NOT NULL DEFAULT false;
ALTER TABLE outbox ADD COLUMN expires_at timestamptz;
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN due_at timestamptz;
ALTER TABLE outbox ADD COLUMN claim text;
ALTER TABLE outbox ADD COLUMN last_error text;
ALTER TABLE outbox ADD COLUMN provider_id text;
ALTER TABLE outbox ADD COLUMN sent_at timestamptz;
CREATE UNIQUE INDEX outbox_idempotency_key_idx ON outbox (idempotency_key);
CREATE INDEX outbox_due_idx ON outbox (due_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX outbox_status_idx ON outbox (status, id DESC);
