-- Orders the shop fulfils: how each is paid (online now, or cash or transfer on delivery or
-- at pickup), where it is in its journey, every step with who took it and when, what the
-- shopper is told, and shoppers waiting for a product to come back. Staff are users whose
-- role is 'staff'.

-- A pay-later order has no payment at Paystack, so its reference names no transaction.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_reference_fkey;

ALTER TABLE orders ADD COLUMN payment_method text NOT NULL DEFAULT 'online'
  CHECK (payment_method IN ('online', 'on_delivery', 'at_pickup'));
-- Separate from the journey: a delivered order may still be waiting for its cash.
ALTER TABLE orders ADD COLUMN payment_status text NOT NULL DEFAULT 'paid'
  CHECK (payment_status IN ('paid', 'awaiting', 'refund_due'));
ALTER TABLE orders ADD COLUMN payment_received_via text
  CHECK (payment_received_via IN ('online', 'cash', 'transfer'));
ALTER TABLE orders ADD COLUMN payment_received_at timestamptz;
ALTER TABLE orders ADD COLUMN cancel_reason text;
ALTER TABLE orders ADD COLUMN status_changed_at timestamptz;

-- Orders placed before statuses existed were paid online: they start the journey as placed.
UPDATE orders SET status = 'placed', payment_received_via = 'online',
                  payment_received_at = order_date, status_changed_at = order_date
 WHERE status = 'paid';
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('placed', 'confirmed',
  'packed', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'collected', 'cancelled'));
-- The staff queue: open orders, oldest first.
CREATE INDEX orders_queue_idx ON orders (status, order_date, id);

-- Every step of every order: a status change, a payment received, a refund flagged. The
-- actor is the staff member who took it; null when the shopper or the checkout did.
CREATE TABLE order_events (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('status', 'payment', 'refund')),
  status text NOT NULL,
  note text NOT NULL DEFAULT '',
  actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);
INSERT INTO order_events (order_id, kind, status, note, created_at)
  SELECT id, 'status', 'placed', 'Paid online', order_date FROM orders;

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  order_id integer REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer REFERENCES products (id) ON DELETE SET NULL,
  link text NOT NULL DEFAULT '',
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);

-- 'Notify me' on an out-of-stock product. The trigger below marks the wait over when stock
-- returns, however it changes (an order cancelled, an operator's UPDATE); the server then
-- tells each shopper once and sets notified_at.
CREATE TABLE stock_alerts (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  back_at timestamptz,
  notified_at timestamptz,
  PRIMARY KEY (user_id, product_id)
);
CREATE INDEX stock_alerts_due_idx ON stock_alerts (back_at) WHERE notified_at IS NULL;
CREATE INDEX stock_alerts_product_idx ON stock_alerts (product_id) WHERE notified_at IS NULL;

CREATE FUNCTION mark_stock_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts a SET back_at = now()
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE a.product_id = n.id AND o.inventory_stock = 0 AND n.inventory_stock > 0
     AND a.notified_at IS NULL AND a.back_at IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER products_stock_back AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_stock_back();
