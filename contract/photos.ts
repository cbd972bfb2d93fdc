/**
 * Product and category photos: upload, check, resize, store. The upload itself is a
 * multipart form with the photo in the field `image` (no JSON body); these are the answers
 * and the JSON bodies around it.
 */
import { Type, type Static } from 'typebox';
import { MAX_ID } from './rules';

/** A product shows up to this many photos. */
export const MAX_PRODUCT_PHOTOS = 4;
/** Files larger than this are refused before they are read as a picture. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Pictures of more pixels than this are refused from their header, before decoding. */
export const MAX_PHOTO_PIXELS = 50_000_000;

const IdParam = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const PhotoProductParamsSchema = Type.Object({ id: IdParam });
export const PhotoParamsSchema = Type.Object({ id: IdParam, photoId: IdParam });
export const PhotoCategoryParamsSchema = Type.Object({ id: IdParam });

/** One copy of a picture at one width, in both formats (paths on the shop's own site). */
export const PhotoSourceSchema = Type.Object({
  width: Type.Integer(),
  webp: Type.String(),
  jpeg: Type.String(),
});

/** One stored picture and where its copies are. */
export const PhotoSchema = Type.Object({
  id: Type.Integer(),
  /** The upright picture as stored, in pixels. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** The copy a product's `images` names (JPEG, 640 px wide). */
  src: Type.String(),
  sources: Type.Array(PhotoSourceSchema),
  /** The 1200x630 JPEG link previews show. */
  preview: Type.String(),
});
export type Photo = Static<typeof PhotoSchema>;

/** GET, POST /staff/products/{id}/images and the calls that change them: in shop order. */
export const ProductPhotosSchema = Type.Object({
  product_id: Type.Integer(),
  photos: Type.Array(PhotoSchema),
  /** How many photos a product may have, and how large a file may be: the form says so first. */
  max_photos: Type.Integer(),
  max_bytes: Type.Integer(),
});
export type ProductPhotos = Static<typeof ProductPhotosSchema>;

/** PUT /staff/products/{id}/images/order: every photo of the product, first one first. */
export const PhotoOrderSchema = Type.Object({
  photo_ids: Type.Array(IdParam, {
    minItems: 1,
    maxItems: MAX_PRODUCT_PHOTOS,
    errorMessage: 'List every photo of this product once, first one first',
  }),
});
export type PhotoOrderRequest = Static<typeof PhotoOrderSchema>;

/** POST /staff/categories/{id}/image: the category's picture, now. */
export const CategoryPictureSchema = Type.Object({
  category_id: Type.Integer(),
  image: Type.Union([PhotoSchema, Type.Null()]),
});
export type CategoryPicture = Static<typeof CategoryPictureSchema>;

/** Why a photo was refused, in the owner's words (the server's 4xx `detail`). */
export const PHOTO_DETAILS = {
  missing: 'Choose a photo to upload',
  notAPhoto: 'This file is not a photo. Choose a JPEG, PNG or WebP picture',
  heic:
    'This photo is in the iPhone HEIC format, which the shop cannot read yet. ' +
    'Choose it from the gallery again (the phone sends a JPEG), or set the camera to "Most Compatible"',
  tooLarge: 'This photo is larger than 15 MB. Choose a smaller one',
  tooManyPixels: (megapixels: number) =>
    `This photo is ${megapixels} megapixels; the shop takes photos of up to 50 megapixels`,
  full: `This product already has ${MAX_PRODUCT_PHOTOS} photos. Remove one to add another`,
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  photoNotFound: 'This photo is not one of the product’s photos',
  badOrder: 'List every photo of this product once, first one first',
  busy: 'The shop is busy with other photos. Try again in a minute',
} as const;
