/**
 * Where the bytes of the shop's pictures live. The pictures themselves (which product shows
 * which, in what order) are rows of the database whatever the store; a store keeps only the
 * copies' bytes. The database store is the default, so every server on the database serves
 * every picture; server/README.md says how another store (S3-compatible) would plug in.
 */
import type { Queryable } from '../db/client';

/** One copy of a picture: '640.webp', '1200x630.jpg'. */
export interface PictureFile {
  /** The end of its URL after `<picture id>-`. */
  name: string;
  contentType: string;
  /** Quoted, as the ETag header carries it. */
  etag: string;
  bytes: Uint8Array;
}

export interface PictureStore {
  /**
   * Keeps a new picture's copies. `tx` is the transaction that records the picture: the
   * database store writes in it, so an upload that fails leaves nothing; a store outside the
   * database writes before the commit and deletes what it wrote when `tx` fails.
   */
  save(tx: Queryable, pictureId: number, files: readonly PictureFile[]): Promise<void>;
  /** One copy, or null when the picture or that copy is not kept. */
  read(pictureId: number, name: string): Promise<PictureFile | null>;
  /**
   * Forgets a picture's copies, inside the transaction that deletes its row. A store outside
   * the database deletes only after that transaction has committed.
   */
  remove(tx: Queryable, pictureId: number): Promise<void>;
}
