-- Pickup without a home address: a station charges its own fee (free unless the owner sets
-- one), and a shopper collecting an order leaves only a name and a phone number.
ALTER TABLE pickup_stations
  ADD COLUMN fee_kobo bigint NOT NULL DEFAULT 0 CHECK (fee_kobo >= 0);

-- The name and number the shop calls when a pickup order is ready; one per shopper, the
-- latest used. A pickup order copies the number onto itself as a delivery does.
CREATE TABLE pickup_contacts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  mobile_number text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A landmark or nearest bus stop helps the rider find the address; optional.
ALTER TABLE deliveries ADD COLUMN landmark text NOT NULL DEFAULT '';

-- The areas as people say them. Only names the owner never changed (still the raw value)
-- are renamed; the value stored on locations and orders stays the contract's.
UPDATE delivery_areas AS a SET name = n.name
  FROM (VALUES
    ('Ibadan-Agodi', 'Agodi'),
    ('Ibadan-Ajibode', 'Ajibode'),
    ('Ibadan-Apete', 'Apete'),
    ('Ibadan-Bodija', 'Bodija'),
    ('Ibadan-Dugbe', 'Dugbe'),
    ('Ibadan-Idi_Ape-Ashi', 'Idi-Ape / Ashi'),
    ('Ibadan-Mokola', 'Mokola'),
    ('Ibadan-North', 'Ibadan North'),
    ('Ibadan-Ojo', 'Ojoo'),
    ('Ibadan-Sango', 'Sango'),
    ('Ibadan-Sango (Poly Ibadan)', 'Sango (Poly Ibadan)'),
    ('Ibadan-UI (University of Ibadan)', 'UI (University of Ibadan)')
  ) AS n (city, name)
 WHERE a.city = n.city AND a.name = a.city;
