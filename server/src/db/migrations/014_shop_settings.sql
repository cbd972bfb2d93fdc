-- The shop's own details as data the owner edits from the back office: its name, address,
-- phones and pay-later caps (one row), the delivery areas with their fee and time, and the
-- pickup stations. The settings row is filled from the environment on the first start
-- (server/src/db/shopSettings.ts); the areas start as the spec's twelve at ₦1,150.
--
-- A change to any of them bumps the catalogue version, as a product change does: the pages
-- every server keeps for guests carry the shop's address and fees, and are keyed by it.
CREATE TABLE shop_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  name text NOT NULL,
  address text NOT NULL,
  phone text NOT NULL,
  whatsapp text NOT NULL,
  pay_later_max_kobo bigint NOT NULL CHECK (pay_later_max_kobo >= 0),
  pay_later_first_order_max_kobo bigint NOT NULL
    CHECK (pay_later_first_order_max_kobo >= 0
           AND pay_later_first_order_max_kobo <= pay_later_max_kobo),
  pay_later_open_max_kobo bigint NOT NULL CHECK (pay_later_open_max_kobo >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- city is the contract's value (contract/rules.ts DELIVERY_CITIES), the one stored on a
-- delivery location and an order; name is what the shopper reads.
CREATE TABLE delivery_areas (
  city text PRIMARY KEY,
  name text NOT NULL,
  fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0),
  delivery_time text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL
);
INSERT INTO delivery_areas (city, name, fee_kobo, delivery_time, position)
VALUES
  ('Ibadan-Agodi', 'Ibadan-Agodi', 115000, '1-3 business days', 1),
  ('Ibadan-Ajibode', 'Ibadan-Ajibode', 115000, '1-3 business days', 2),
  ('Ibadan-Apete', 'Ibadan-Apete', 115000, '1-3 business days', 3),
  ('Ibadan-Bodija', 'Ibadan-Bodija', 115000, '1-3 business days', 4),
  ('Ibadan-Dugbe', 'Ibadan-Dugbe', 115000, '1-3 business days', 5),
  ('Ibadan-Idi_Ape-Ashi', 'Ibadan-Idi_Ape-Ashi', 115000, '1-3 business days', 6),
  ('Ibadan-Mokola', 'Ibadan-Mokola', 115000, '1-3 business days', 7),
  ('Ibadan-North', 'Ibadan-North', 115000, '1-3 business days', 8),
  ('Ibadan-Ojo', 'Ibadan-Ojo', 115000, '1-3 business days', 9),
  ('Ibadan-Sango', 'Ibadan-Sango', 115000, '1-3 business days', 10),
  ('Ibadan-Sango (Poly Ibadan)', 'Ibadan-Sango (Poly Ibadan)', 115000, '1-3 business days', 11),
  ('Ibadan-UI (University of Ibadan)', 'Ibadan-UI (University of Ibadan)', 115000, '1-3 business days', 12);

CREATE TABLE pickup_stations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  opening_hours text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A payment is priced when it starts; the order it becomes charges the fee priced then,
-- even if the owner changes the area's fee while the shopper pays.
ALTER TABLE transactions ADD COLUMN delivery_fee_kobo bigint;

CREATE TRIGGER shop_settings_bump_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON shop_settings FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER delivery_areas_bump_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON delivery_areas FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER pickup_stations_bump_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON pickup_stations FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
