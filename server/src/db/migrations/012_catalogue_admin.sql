-- The catalogue as the owner runs it from the back office.
--
-- Categories become a managed list (name, order, picture). products.category keeps the
-- category's name (the spec's calls filter and answer by name, search indexes it); a
-- trigger adds a name it has not seen, so the list always holds every product's category,
-- while the back office refuses a name that is not on the list. Renaming a category
-- renames it on its products in the same transaction.
CREATE TABLE categories (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 60),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  position integer NOT NULL DEFAULT 0,
  -- A picture of the shop's picture store (the photos part sets it); null: none yet.
  image_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION category_slug(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'category')
$$;

INSERT INTO categories (name, slug, position)
SELECT category, category_slug(category), row_number() OVER (ORDER BY category)
  FROM (SELECT DISTINCT category FROM products) AS c;

CREATE FUNCTION add_missing_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM categories WHERE name = NEW.category) THEN
    INSERT INTO categories (name, slug, position)
    VALUES (
      NEW.category,
      -- A name whose slug is taken (two names, one slug) gets the next free one.
      (SELECT s FROM (SELECT category_slug(NEW.category) AS s
                      UNION ALL
                      SELECT category_slug(NEW.category) || '-' || n FROM generate_series(2, 1000) AS n) AS t
        WHERE NOT EXISTS (SELECT 1 FROM categories WHERE slug = t.s) LIMIT 1),
      (SELECT coalesce(max(position), 0) + 1 FROM categories)
    )
    ON CONFLICT (name) DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER products_category_listed
  BEFORE INSERT OR UPDATE OF category ON products
  FOR EACH ROW EXECUTE FUNCTION add_missing_category();
CREATE TRIGGER categories_bump_catalogue
  AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

-- What a product is, as the owner edits it.
-- vat_class: 'exempt' (basic food, VAT Act First Schedule) or 'standard' (7.5%).
-- unit: the unit or pack size shown beside the name ('10 kg', 'pack of 12'); '' for none.
-- low_stock_level: at or below it the product is on the low-stock list; null: not watched.
-- archived_at: gone from the shop and search, kept for the orders that name it.
-- row_version: bumped by each back-office save; a save naming an older one is refused (409).
ALTER TABLE products ADD COLUMN vat_class text NOT NULL DEFAULT 'exempt'
  CHECK (vat_class IN ('standard', 'exempt'));
UPDATE products SET vat_class = 'standard' WHERE category IN ('Toiletries', 'Household');
ALTER TABLE products ADD COLUMN unit text NOT NULL DEFAULT '' CHECK (length(unit) <= 40);
ALTER TABLE products ADD COLUMN low_stock_level integer CHECK (low_stock_level >= 0);
ALTER TABLE products ADD COLUMN archived_at timestamptz;
ALTER TABLE products ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN updated_by integer REFERENCES users (id);

-- Every stock change made from the back office, with its reason: the product's history.
-- (Orders move stock through their own tables: holds, order_items, cancellations.)
CREATE TABLE stock_changes (
  id bigserial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id),
  delta integer NOT NULL,
  stock_after integer NOT NULL CHECK (stock_after >= 0),
  reason text NOT NULL CHECK (reason IN ('received', 'counted', 'damaged', 'returned', 'import')),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 300),
  actor_id integer REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_changes_product_idx ON stock_changes (product_id, at DESC, id DESC);
