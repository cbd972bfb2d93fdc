-- The storefront's tables. Money is kept as whole kobo (bigint) so sums are exact;
-- the API converts to naira on the way out.

CREATE TABLE vendors (
  id serial PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  phone text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  -- The saving per item; the selling price is amount_kobo - disc_amount_kobo.
  disc_amount_kobo bigint CHECK (disc_amount_kobo > 0 AND disc_amount_kobo < amount_kobo),
  ratings smallint NOT NULL DEFAULT 0 CHECK (ratings BETWEEN 0 AND 5),
  inventory_stock integer NOT NULL DEFAULT 0 CHECK (inventory_stock >= 0),
  -- A photo's address; null means the generated /images/products/<slug>.svg tile.
  image_url text,
  vendor_id integer NOT NULL REFERENCES vendors (id),
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || category || ' ' || description)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Bumped by any change to products or vendors, so every server process can tell when its
-- cached catalogue answer is stale with one cheap read.
CREATE TABLE catalogue_state (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO catalogue_state (id, version) VALUES (1, 1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER vendors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  mobile_number text NOT NULL,
  age integer NOT NULL CHECK (age BETWEEN 13 AND 120),
  gender text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  role text NOT NULL DEFAULT 'customer',
  emailverified boolean NOT NULL DEFAULT false,
  password_hash text NOT NULL,
  referred_by_affiliate_id integer,
  -- Tokens issued before this instant are refused (set when the password changes).
  tokens_valid_after timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_logged_in timestamptz
);

CREATE TABLE affiliates (
  id serial PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code = lower(code)),
  account_details text NOT NULL,
  month_generated_kobo bigint NOT NULL DEFAULT 0 CHECK (month_generated_kobo >= 0),
  total_generated_kobo bigint NOT NULL DEFAULT 0 CHECK (total_generated_kobo >= 0),
  total_paid_kobo bigint NOT NULL DEFAULT 0 CHECK (total_paid_kobo >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT affiliates_code_key UNIQUE (code)
);

ALTER TABLE users ADD CONSTRAINT users_referred_by_fkey
  FOREIGN KEY (referred_by_affiliate_id) REFERENCES affiliates (id) ON DELETE SET NULL;

CREATE TABLE payouts (
  id serial PRIMARY KEY,
  affiliate_id integer NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payouts_affiliate_idx ON payouts (affiliate_id);

CREATE TABLE otps (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- HMAC of the code: a leaked table does not give the codes away.
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX otps_user_idx ON otps (user_id, id DESC);

CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_items_user_product_key UNIQUE (user_id, product_id)
);

CREATE TABLE wishlists (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wishlists_user_product_key UNIQUE (user_id, product_id)
);

CREATE TABLE deliveries (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  mobile_number text NOT NULL,
  alt_mobile_number text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deliveries_user_key UNIQUE (user_id)
);

CREATE TABLE transactions (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('paystack', 'sandbox')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL DEFAULT 'NGN',
  delivery_method text NOT NULL CHECK (delivery_method IN ('pickup', 'delivery')),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'success', 'failed', 'abandoned')),
  access_code text,
  authorization_url text,
  paid_at timestamptz,
  -- Set once the provider confirmed status, amount and currency.
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transactions_user_idx ON transactions (user_id);

-- The sandbox provider's own ledger: it plays the part of Paystack's records.
CREATE TABLE sandbox_payments (
  reference text PRIMARY KEY,
  amount_kobo bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed', 'abandoned')),
  access_code text NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  -- One order per payment, whoever asks first (checkout call or webhook).
  reference text NOT NULL REFERENCES transactions (reference),
  status text NOT NULL,
  delivery_model text NOT NULL CHECK (delivery_model IN ('pickup', 'delivery')),
  subtotal_kobo bigint NOT NULL,
  vat_kobo bigint NOT NULL,
  delivery_fee_kobo bigint NOT NULL,
  total_kobo bigint NOT NULL,
  -- A copy of the delivery location when the order was placed.
  delivery_address text NOT NULL DEFAULT '',
  delivery_city text NOT NULL DEFAULT '',
  delivery_state text NOT NULL DEFAULT '',
  delivery_mobile_number text NOT NULL DEFAULT '',
  delivery_alt_mobile_number text NOT NULL DEFAULT '',
  order_date timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_reference_key UNIQUE (reference)
);
CREATE INDEX orders_user_idx ON orders (user_id, order_date DESC);

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer REFERENCES products (id) ON DELETE SET NULL,
  -- Copies, so the order reads the same after the product changes or goes.
  product_slug text NOT NULL,
  product_name text NOT NULL,
  product_image_url text,
  vendor_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_kobo bigint NOT NULL,
  total_price_kobo bigint NOT NULL
);
CREATE INDEX order_items_order_idx ON order_items (order_id);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_idx ON outbox (to_address, id DESC);
