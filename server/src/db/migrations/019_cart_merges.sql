-- Guest carts merged into an account (POST /api/cart/merge): one row per merge id the
-- browser made, per user, with the answer given, so the same guest cart sent again adds
-- nothing and gets the same answer.
CREATE TABLE cart_merges (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  merge_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  answer jsonb,
  PRIMARY KEY (user_id, merge_id)
);
