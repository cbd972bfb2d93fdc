-- Listing at 100,000 products. Servers keep search plans, totals and ranked results for as
-- long as the catalogue version stays the same; a synonym changes what a search finds, so a
-- change to the synonyms is a change to the catalogue too.
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

-- A category's page in any sort, read straight from an index: with the sort's index alone a
-- page deep into one category walked past every product of the others (0.5 s at 100,000).
CREATE INDEX products_category_price_idx ON products (category, price_kobo, id);
CREATE INDEX products_category_discount_idx ON products (category, discount_permille DESC, id);
CREATE INDEX products_category_newest_idx ON products (category, created_at DESC, id DESC);
CREATE INDEX products_category_rating_idx ON products (category, ratings DESC, id);
