/** The default picture store: the copies are bytea rows beside the pictures (migration 015). */
import type { Queryable } from '../db/client';
import { deletePictureFiles, insertPictureFiles, readPictureFile } from '../db/pictures';
import type { PictureStore } from './pictureStore';

export function createDatabasePictureStore(db: Queryable): PictureStore {
  return {
    save: (tx, pictureId, files) => insertPictureFiles(tx, pictureId, files),
    read: (pictureId, name) => readPictureFile(db, pictureId, name),
    remove: (tx, pictureId) => deletePictureFiles(tx, pictureId),
  };
}

const stores = new WeakMap<Queryable, PictureStore>();

/** This database's picture store: one per database, shared by the upload and media routes. */
export function pictureStoreFor(db: Queryable): PictureStore {
  let store = stores.get(db);
  if (!store) {
    store = createDatabasePictureStore(db);
    stores.set(db, store);
  }
  return store;
}
