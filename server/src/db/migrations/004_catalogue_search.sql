-- Listing and search at any catalogue size: forgiving, ranked search (word stems, similar
-- spellings, synonyms) and indexes for every filter and sort the shop offers.

-- Similar spellings (gari/garri, beens/beans). Trusted since PostgreSQL 13: the database's
-- owner may create it. In public, so servers and tests whose search_path names their own
-- schema first still find it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- The old substring search is replaced by the columns below.
ALTER TABLE products DROP COLUMN search_text;

ALTER TABLE products
  -- Name above category above description: the weights ts_rank gives A, B and C.
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, name), 'A') ||
    setweight(to_tsvector('english'::regconfig, category), 'B') ||
    setweight(to_tsvector('english'::regconfig, description), 'C')
  ) STORED,
  -- What one item costs the shopper: the price filters and sorts use it.
  ADD COLUMN price_kobo bigint GENERATED ALWAYS AS (amount_kobo - COALESCE(disc_amount_kobo, 0)) STORED,
  -- The saving in tenths of a percent, so a 20% cut on rice ranks above ₦50 off a tin.
  ADD COLUMN discount_permille integer GENERATED ALWAYS AS (
    (COALESCE(disc_amount_kobo, 0) * 1000 / amount_kobo)::integer
  ) STORED;

CREATE INDEX products_search_idx ON products USING gin (search_vector);
CREATE INDEX products_price_idx ON products (price_kobo, id);
CREATE INDEX products_discount_idx ON products (discount_permille DESC, id);
CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_rating_idx ON products (ratings DESC, id);
CREATE INDEX products_category_idx ON products (category, id);

-- Every word of every product name and category: what a misspelt word is compared with.
-- Words are only ever added (a word no product uses any more finds nothing, which is harmless).
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE FUNCTION add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM new_rows, regexp_split_to_table(lower(new_rows.name || ' ' || new_rows.category), '[^a-z0-9]+') AS w
   WHERE length(w) >= 3 AND w ~ '[a-z]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_words_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_search_words();
CREATE TRIGGER products_words_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT w
  FROM products, regexp_split_to_table(lower(name || ' ' || category), '[^a-z0-9]+') AS w
 WHERE length(w) >= 3 AND w ~ '[a-z]'
ON CONFLICT DO NOTHING;

-- Names that mean the same thing to a shopper in Ibadan. Each group lists its terms; a search
-- for any of them finds products named with any other. Kept as data: add a row to add a name.
CREATE TABLE search_synonyms (
  group_id integer NOT NULL,
  term text NOT NULL CHECK (term = lower(term) AND term ~ '^[a-z0-9]+( [a-z0-9]+)*$'),
  PRIMARY KEY (group_id, term)
);

INSERT INTO search_synonyms (group_id, term) VALUES
  (1, 'ata rodo'), (1, 'scotch bonnet'), (1, 'rodo'),
  (2, 'groundnut'), (2, 'peanut'),
  (3, 'gari'), (3, 'garri'),
  (4, 'elubo'), (4, 'yam flour'), (4, 'amala'),
  (5, 'tatashe'), (5, 'bell pepper'),
  (6, 'ogi'), (6, 'pap'), (6, 'akamu'),
  (7, 'egusi'), (7, 'melon seed'),
  (8, 'iru'), (8, 'locust bean'), (8, 'dawadawa'),
  (9, 'ugu'), (9, 'pumpkin leaf'), (9, 'fluted pumpkin'),
  (10, 'ponmo'), (10, 'kpomo'), (10, 'cow skin'),
  (11, 'noodles'), (11, 'indomie'),
  (12, 'tin tomato'), (12, 'tomato paste'),
  (13, 'dodo'), (13, 'plantain'),
  (15, 'ewa'), (15, 'beans'),
  (16, 'epo pupa'), (16, 'palm oil'),
  (17, 'iresi'), (17, 'rice'),
  (18, 'eja'), (18, 'fish'),
  (19, 'ofada'), (19, 'local rice');
