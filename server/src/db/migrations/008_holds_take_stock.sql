-- A payment's hold takes its units off the shelf, as a pay-later order already does, so every
-- stock figure the shop shows (and every check of it) leaves held units out. A hold that ends
-- without an order puts its units back, once: whoever sets hold_released_at restores them.

-- Holds that had already lapsed end now; live ones (and paid ones waiting for their order)
-- take their units now, so that releasing them later gives back only what they took.
UPDATE transactions SET hold_released_at = now()
 WHERE hold_released_at IS NULL
   AND (hold_expires_at IS NULL OR (verified_at IS NULL AND hold_expires_at <= now()));
UPDATE products p SET inventory_stock = GREATEST(0, p.inventory_stock - h.held), updated_at = now()
  FROM (SELECT i.product_id, sum(i.quantity) AS held
          FROM transaction_items i JOIN transactions t ON t.reference = i.reference
         WHERE t.hold_released_at IS NULL AND i.product_id IS NOT NULL
         GROUP BY i.product_id) h
 WHERE p.id = h.product_id;

-- The sweep's look-ups: unpaid holds by deadline, unconfirmed pay-later orders by age, and
-- one shopper's (or one phone number's) orders waiting for payment.
CREATE INDEX transactions_live_holds_idx ON transactions (hold_expires_at)
  WHERE hold_released_at IS NULL AND verified_at IS NULL;
CREATE INDEX orders_awaiting_user_idx ON orders (user_id) WHERE payment_status = 'awaiting';
CREATE INDEX orders_awaiting_mobile_idx ON orders (delivery_mobile_number)
  WHERE payment_status = 'awaiting';
CREATE INDEX orders_unconfirmed_idx ON orders (order_date)
  WHERE status = 'placed' AND payment_status = 'awaiting';
