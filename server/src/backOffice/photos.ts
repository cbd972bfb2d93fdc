/**
 * Product and category photos: upload, check, resize, store. Only the owner changes them (a
 * photo is what the shop sells); the owner and staff may list a product's photos. The
 * upload is a multipart form with the photo in the field `image`; the photo is checked and
 * its copies made before anything is written, one picture at a time, then stored in one
 * transaction with its place among the product's photos and the change log: a photo that
 * fails at any step leaves nothing behind.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  CategoryPictureSchema,
  MAX_PHOTO_BYTES,
  MAX_PRODUCT_PHOTOS,
  PHOTO_DETAILS,
  PhotoCategoryParamsSchema,
  PhotoOrderSchema,
  PhotoParamsSchema,
  PhotoProductParamsSchema,
  ProductPhotosSchema,
  type ProductPhotos,
} from '../../../contract';
import { MEDIA_DEFAULT_WIDTH, mediaPath } from '../../../contract/links';
import type { RoutePlugin } from '../context';
import { recordChange } from '../db/changes';
import type { Queryable } from '../db/client';
import {
  addProductPhoto,
  deletePictureIfUnused,
  findPicture,
  insertPicture,
  lockCategoryImage,
  lockProductForPhotos,
  orderProductPhotos,
  productExists,
  productPictures,
  removeProductPhoto,
  setCategoryImage,
  setProductImageUrl,
} from '../db/pictures';
import { pictureStoreFor } from '../media/databaseStore';
import { createPhotoQueue, makePhotoCopies, type PhotoCopies } from '../media/photoCopies';
import type { PictureStore } from '../media/pictureStore';
import { photoOf, pictureUrls } from '../media/photoUrls';
import { currentUser } from '../plugins/auth';
import { HttpError, conflict, notFound } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from './roles';

/** The upload's bytes, or an HttpError in words (no file, wrong field, too large). */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the photo as a form upload, in the field "image"');
  }
  let file;
  try {
    file = await request.file();
  } catch {
    throw new HttpError(400, PHOTO_DETAILS.missing);
  }
  if (!file || file.fieldname !== 'image') throw new HttpError(400, PHOTO_DETAILS.missing);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, PHOTO_DETAILS.tooLarge);
    }
    throw error;
  }
}

async function productPhotos(db: Queryable, productId: number): Promise<ProductPhotos> {
  return {
    product_id: productId,
    photos: (await productPictures(db, productId)).map(photoOf),
    max_photos: MAX_PRODUCT_PHOTOS,
    max_bytes: MAX_PHOTO_BYTES,
  };
}

/** The product's `images` from its photos: the first one's, or the drawn tile when none. */
async function showFirstPhoto(tx: Queryable, productId: number): Promise<number[]> {
  const ids = (await productPictures(tx, productId)).map((p) => p.id);
  const first = ids[0];
  await setProductImageUrl(
    tx,
    productId,
    first === undefined ? null : mediaPath(first, MEDIA_DEFAULT_WIDTH, 'jpg'),
  );
  return ids;
}

/** Stores a checked picture's copies and its row; returns its id. */
async function storePicture(
  tx: Queryable,
  store: PictureStore,
  copies: PhotoCopies,
  createdBy: number,
): Promise<number> {
  const pictureId = await insertPicture(tx, {
    width: copies.width,
    height: copies.height,
    createdBy,
  });
  await store.save(tx, pictureId, copies.files);
  return pictureId;
}

async function forgetIfUnused(tx: Queryable, store: PictureStore, pictureId: number) {
  if (await deletePictureIfUnused(tx, pictureId, pictureUrls(pictureId))) {
    await store.remove(tx, pictureId);
  }
}

const photosRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  const store = pictureStoreFor(db);
  const inTurn = createPhotoQueue();

  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  const demo = config.mode === 'demo' ? { onRequest: loopbackOnly } : {};
  const owner = { ...demo, preValidation: [ctx.requireUser, shopRole(db, ['owner'])] };
  const member = { ...demo, preValidation: [ctx.requireUser, shopRole(db)] };

  app.get(
    '/staff/products/:id/images',
    {
      ...member,
      schema: { params: PhotoProductParamsSchema, response: { 200: ProductPhotosSchema } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await productExists(db, id))) throw notFound(PHOTO_DETAILS.productNotFound);
      return productPhotos(db, id);
    },
  );

  app.post(
    '/staff/products/:id/images',
    {
      ...owner,
      schema: {
        params: PhotoProductParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: ProductPhotosSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actorId = currentUser(request).id;
      // Refused before the file is read or decoded where that can be told up front.
      if (!(await productExists(db, id))) throw notFound(PHOTO_DETAILS.productNotFound);
      if ((await productPictures(db, id)).length >= MAX_PRODUCT_PHOTOS) {
        throw conflict(PHOTO_DETAILS.full);
      }
      const bytes = await uploadedBytes(request);
      await inTurn(async () => {
        const copies = await makePhotoCopies(bytes);
        await db.transaction(async (tx) => {
          const product = await lockProductForPhotos(tx, id);
          if (!product) throw notFound(PHOTO_DETAILS.productNotFound);
          const before = (await productPictures(tx, id)).map((p) => p.id);
          if (before.length >= MAX_PRODUCT_PHOTOS) throw conflict(PHOTO_DETAILS.full);
          const pictureId = await storePicture(tx, store, copies, actorId);
          await addProductPhoto(tx, id, pictureId, before.length);
          const after = await showFirstPhoto(tx, id);
          await recordChange(tx, {
            actorId,
            entity: 'product',
            entityId: id,
            action: 'update',
            before: { photos: before, image_url: product.imageUrl },
            after: { photos: after },
          });
        });
      });
      return reply.code(201).send(await productPhotos(db, id));
    },
  );

  app.put(
    '/staff/products/:id/images/order',
    {
      ...owner,
      schema: {
        params: PhotoProductParamsSchema,
        body: PhotoOrderSchema,
        response: { 200: ProductPhotosSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const wanted = request.body.photo_ids;
      const actorId = currentUser(request).id;
      await db.transaction(async (tx) => {
        if (!(await lockProductForPhotos(tx, id))) throw notFound(PHOTO_DETAILS.productNotFound);
        const before = (await productPictures(tx, id)).map((p) => p.id);
        const same =
          wanted.length === before.length &&
          new Set(wanted).size === wanted.length &&
          wanted.every((p) => before.includes(p));
        if (!same) throw new HttpError(422, PHOTO_DETAILS.badOrder);
        await orderProductPhotos(tx, id, wanted);
        const after = await showFirstPhoto(tx, id);
        await recordChange(tx, {
          actorId,
          entity: 'product',
          entityId: id,
          action: 'update',
          before: { photos: before },
          after: { photos: after },
        });
      });
      return productPhotos(db, id);
    },
  );

  app.delete(
    '/staff/products/:id/images/:photoId',
    {
      ...owner,
      schema: { params: PhotoParamsSchema, response: { 200: ProductPhotosSchema } },
    },
    async (request) => {
      const { id, photoId } = request.params;
      const actorId = currentUser(request).id;
      await db.transaction(async (tx) => {
        if (!(await lockProductForPhotos(tx, id))) throw notFound(PHOTO_DETAILS.productNotFound);
        const before = (await productPictures(tx, id)).map((p) => p.id);
        if (!(await removeProductPhoto(tx, id, photoId))) {
          throw notFound(PHOTO_DETAILS.photoNotFound);
        }
        // Close the gap so positions stay 0..n-1.
        const after = before.filter((p) => p !== photoId);
        await orderProductPhotos(tx, id, after);
        await showFirstPhoto(tx, id);
        await forgetIfUnused(tx, store, photoId);
        await recordChange(tx, {
          actorId,
          entity: 'product',
          entityId: id,
          action: 'update',
          before: { photos: before },
          after: { photos: after },
        });
      });
      return productPhotos(db, id);
    },
  );

  app.post(
    '/staff/categories/:id/image',
    {
      ...owner,
      schema: {
        params: PhotoCategoryParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: CategoryPictureSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actorId = currentUser(request).id;
      if ((await lockCategoryImage(db, id)) === undefined) {
        throw notFound(PHOTO_DETAILS.categoryNotFound);
      }
      const bytes = await uploadedBytes(request);
      const pictureId = await inTurn(async () => {
        const copies = await makePhotoCopies(bytes);
        return db.transaction(async (tx) => {
          const before = await lockCategoryImage(tx, id);
          if (before === undefined) throw notFound(PHOTO_DETAILS.categoryNotFound);
          const added = await storePicture(tx, store, copies, actorId);
          await setCategoryImage(tx, id, added);
          if (before !== null) await forgetIfUnused(tx, store, before);
          await recordChange(tx, {
            actorId,
            entity: 'category',
            entityId: id,
            action: 'update',
            before: { image_id: before },
            after: { image_id: added },
          });
          return added;
        });
      });
      const picture = await findPicture(db, pictureId);
      return reply.code(201).send({ category_id: id, image: picture ? photoOf(picture) : null });
    },
  );
};

export default photosRoutes;
