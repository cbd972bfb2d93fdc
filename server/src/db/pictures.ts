/**
 * The shop's own pictures (migration 015): pictures, which product shows which in what
 * order, a category's picture, and the database picture store's bytes.
 */
import type { PictureFile } from '../media/pictureStore';
import type { Queryable } from './client';
import { num, numOrNull } from './rows';

export interface PictureRecord {
  id: number;
  width: number;
  height: number;
}

interface PictureRow {
  id: unknown;
  width: unknown;
  height: unknown;
}

const toPicture = (r: PictureRow): PictureRecord => ({
  id: num(r.id),
  width: num(r.width),
  height: num(r.height),
});

export async function insertPicture(
  tx: Queryable,
  p: { width: number; height: number; createdBy: number | null },
): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    'INSERT INTO pictures (width, height, created_by) VALUES ($1, $2, $3) RETURNING id',
    [p.width, p.height, p.createdBy],
  );
  return num(rows[0]?.id);
}

/**
 * Deletes a picture that nothing shows any more. A picture an order still names (its line
 * keeps the photo the shopper saw) is kept. Returns whether it was deleted.
 */
export async function deletePictureIfUnused(
  tx: Queryable,
  pictureId: number,
  urls: readonly string[],
): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM pictures p WHERE p.id = $1
        AND NOT EXISTS (SELECT 1 FROM product_photos WHERE picture_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM categories WHERE image_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM order_items WHERE product_image_url = ANY($2::text[]))
      RETURNING id`,
    [pictureId, urls],
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ products

/** The product, locked for the rest of the transaction, or null when there is none. */
export async function lockProductForPhotos(
  tx: Queryable,
  productId: number,
): Promise<{ id: number; imageUrl: string | null } | null> {
  const rows = await tx.query<{ id: unknown; image_url: string | null }>(
    'SELECT id, image_url FROM products WHERE id = $1 FOR UPDATE',
    [productId],
  );
  const row = rows[0];
  return row ? { id: num(row.id), imageUrl: row.image_url } : null;
}

export async function productExists(db: Queryable, productId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM products WHERE id = $1', [productId]);
  return rows.length > 0;
}

/** A product's photos, first one first. */
export async function productPictures(db: Queryable, productId: number): Promise<PictureRecord[]> {
  const rows = await db.query<PictureRow>(
    `SELECT p.id, p.width, p.height FROM product_photos pp JOIN pictures p ON p.id = pp.picture_id
      WHERE pp.product_id = $1 ORDER BY pp.position, p.id`,
    [productId],
  );
  return rows.map(toPicture);
}

export async function addProductPhoto(
  tx: Queryable,
  productId: number,
  pictureId: number,
  position: number,
): Promise<void> {
  await tx.query(
    'INSERT INTO product_photos (product_id, picture_id, position) VALUES ($1, $2, $3)',
    [productId, pictureId, position],
  );
}

export async function removeProductPhoto(
  tx: Queryable,
  productId: number,
  pictureId: number,
): Promise<boolean> {
  const rows = await tx.query(
    'DELETE FROM product_photos WHERE product_id = $1 AND picture_id = $2 RETURNING picture_id',
    [productId, pictureId],
  );
  return rows.length > 0;
}

/** Sets the photos' order: `pictureIds` is every photo of the product, first one first. */
export async function orderProductPhotos(
  tx: Queryable,
  productId: number,
  pictureIds: readonly number[],
): Promise<void> {
  await tx.query(
    `UPDATE product_photos pp SET position = o.ord - 1
       FROM unnest($2::bigint[]) WITH ORDINALITY AS o(picture_id, ord)
      WHERE pp.product_id = $1 AND pp.picture_id = o.picture_id`,
    [productId, pictureIds],
  );
}

/** What the shop shows as the product's picture (its `images`); null: the drawn tile. */
export async function setProductImageUrl(
  tx: Queryable,
  productId: number,
  imageUrl: string | null,
): Promise<void> {
  await tx.query(
    'UPDATE products SET image_url = $2 WHERE id = $1 AND image_url IS DISTINCT FROM $2',
    [productId, imageUrl],
  );
}

// ------------------------------------------------------------------ categories

/** The category's picture id (null: none), the row locked; undefined when there is no such category. */
export async function lockCategoryImage(
  tx: Queryable,
  categoryId: number,
): Promise<number | null | undefined> {
  const rows = await tx.query<{ image_id: unknown }>(
    'SELECT image_id FROM categories WHERE id = $1 FOR UPDATE',
    [categoryId],
  );
  return rows[0] ? numOrNull(rows[0].image_id) : undefined;
}

export async function setCategoryImage(
  tx: Queryable,
  categoryId: number,
  pictureId: number | null,
): Promise<void> {
  await tx.query('UPDATE categories SET image_id = $2, updated_at = now() WHERE id = $1', [
    categoryId,
    pictureId,
  ]);
}

export async function findPicture(db: Queryable, pictureId: number): Promise<PictureRecord | null> {
  const rows = await db.query<PictureRow>('SELECT id, width, height FROM pictures WHERE id = $1', [
    pictureId,
  ]);
  return rows[0] ? toPicture(rows[0]) : null;
}

// ------------------------------------------------------------------ the database store

export async function insertPictureFiles(
  tx: Queryable,
  pictureId: number,
  files: readonly PictureFile[],
): Promise<void> {
  for (const f of files) {
    await tx.query(
      `INSERT INTO picture_files (picture_id, name, content_type, etag, bytes)
       VALUES ($1, $2, $3, $4, $5)`,
      [pictureId, f.name, f.contentType, f.etag, f.bytes],
    );
  }
}

export async function readPictureFile(
  db: Queryable,
  pictureId: number,
  name: string,
): Promise<PictureFile | null> {
  const rows = await db.query<{
    name: string;
    content_type: string;
    etag: string;
    bytes: Uint8Array;
  }>(
    'SELECT name, content_type, etag, bytes FROM picture_files WHERE picture_id = $1 AND name = $2',
    [pictureId, name],
  );
  const row = rows[0];
  return row
    ? { name: row.name, contentType: row.content_type, etag: row.etag, bytes: row.bytes }
    : null;
}

export async function deletePictureFiles(tx: Queryable, pictureId: number): Promise<void> {
  await tx.query('DELETE FROM picture_files WHERE picture_id = $1', [pictureId]);
}
