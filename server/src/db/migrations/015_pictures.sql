-- The shop's own pictures: product photos and category pictures the owner uploads.
--
-- A picture is one upload; its copies (each width as WebP and JPEG, and the 1200x630 JPEG
-- link previews show) are the files the picture store keeps. The database store (the
-- default) keeps them in picture_files, so every server on the database serves every
-- picture; another store (S3-compatible) would keep only the pictures rows here.
-- A picture's id and copies never change once stored: their URLs are cached for a year.
CREATE TABLE pictures (
  id bigserial PRIMARY KEY,
  -- The upright picture as stored (after turning it as the camera said), in pixels.
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE picture_files (
  picture_id bigint NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
  -- '320.webp', '640.jpg', '1200x630.jpg': the end of its URL.
  name text NOT NULL CHECK (name ~ '^[0-9x]+\.(webp|jpg)$'),
  content_type text NOT NULL,
  etag text NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (picture_id, name)
);

-- A product's photos in the order the shop shows them; the first is its picture in the
-- grid, on its page and in link previews (products.image_url names its copy).
CREATE TABLE product_photos (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  picture_id bigint NOT NULL UNIQUE REFERENCES pictures (id),
  position integer NOT NULL CHECK (position >= 0),
  PRIMARY KEY (product_id, picture_id)
);
CREATE INDEX product_photos_order_idx ON product_photos (product_id, position);

ALTER TABLE categories ADD CONSTRAINT categories_image_fk
  FOREIGN KEY (image_id) REFERENCES pictures (id) ON DELETE SET NULL;
