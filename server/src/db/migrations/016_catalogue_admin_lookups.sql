-- The back office asks of each product whether orders name it (then it is archived, never
-- deleted) and how many units its open orders hold: both look order lines up by product.
CREATE INDEX order_items_product_idx ON order_items (product_id);
