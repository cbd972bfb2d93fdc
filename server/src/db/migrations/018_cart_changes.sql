-- A server on the embedded database keeps each shopper's cart answer in memory
-- (server/src/cartCache.ts), so it must hear of every change to one: a cart line written by
-- any code (or removed with its account or product), and any change to the catalogue the
-- answer is priced from (catalogue_state moves with every product and vendor change). The
-- database announces them when they commit, on a connection that asked for it with the
-- setting storefront.notify_cart_changes; anywhere else these triggers send nothing.
CREATE FUNCTION notify_cart_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('storefront.notify_cart_changes', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME <> 'cart_items' OR TG_LEVEL = 'STATEMENT' THEN
    -- Every cart: the catalogue changed, or the table was emptied.
    PERFORM pg_notify('storefront_cart_changes', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('storefront_cart_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('storefront_cart_changes', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('storefront_cart_changes', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cart_items_announced AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_cart_changes();
CREATE TRIGGER cart_items_emptied_announced AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cart_changes();
CREATE TRIGGER catalogue_state_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_state
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cart_changes();
