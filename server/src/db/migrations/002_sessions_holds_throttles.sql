-- Sessions that can be ended, stock held while a payment runs, the exact cart a payment
-- priced, code requests counted per address (known or not), and proven mobile numbers.

-- One row per login: a token names its row (the JWT's jti), and a token whose row has ended
-- is refused by every server sharing this database, whatever second it was issued in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- The browsers (a random id in a cookie) each account has signed in from, kept after the
-- sessions themselves are gone, so a shopper referring their own second account is seen.
CREATE TABLE user_devices (
  device_id text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, user_id)
);
CREATE INDEX user_devices_user_idx ON user_devices (user_id);

-- The cart as it was priced when the payment started: the order is made from these lines,
-- never from the cart as it is when the money arrives.
CREATE TABLE transaction_items (
  id serial PRIMARY KEY,
  reference text NOT NULL REFERENCES transactions (reference) ON DELETE CASCADE,
  product_id integer REFERENCES products (id) ON DELETE SET NULL,
  product_slug text NOT NULL,
  product_name text NOT NULL,
  product_image_url text,
  vendor_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo >= 0)
);
CREATE INDEX transaction_items_reference_idx ON transaction_items (reference);
CREATE INDEX transaction_items_product_idx ON transaction_items (product_id);

-- A payment holds its lines' stock until hold_expires_at (or, once verified as paid, until
-- its order is placed); hold_released_at ends the hold early.
ALTER TABLE transactions ADD COLUMN hold_expires_at timestamptz;
ALTER TABLE transactions ADD COLUMN hold_released_at timestamptz;

-- Every code asked for, by address ('email:ada@example.ng', 'sms:08031234567'), whether an
-- account uses it or not, so the resend limits answer the same for strangers and shoppers.
CREATE TABLE code_requests (
  id serial PRIMARY KEY,
  address text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX code_requests_address_idx ON code_requests (address, created_at DESC);

-- Set when a code sent by SMS to the current number has been used; cleared when it changes.
ALTER TABLE users ADD COLUMN mobile_verified_at timestamptz;
