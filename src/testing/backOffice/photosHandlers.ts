/**
 * The mock backend's photo calls (server/src/backOffice/photos.ts): a product's photos in
 * order, an upload (multipart, field `image`) refused as the server refuses it (over the
 * size, not a picture, a fifth photo), reorder and remove. State of its own, put back by
 * resetMockDb(); `setMockPhotos` gives a product its photos for a test or a story.
 */
import { http, HttpResponse, delay, type RequestHandler } from 'msw';
import type { Photo, ProductPhotos } from 'contract';
import { detail, onMockDbReset, url } from '../mockDb';

const MAX_PHOTOS = 4;
const MAX_BYTES = 15 * 1024 * 1024;
const COLOURS = ['#2e7d32', '#c77d1a', '#2d5da8', '#b3263e', '#6a4ba3', '#1c8067'];

/** A photo whose copies are drawn squares (stories show them without a server). */
export function fixturePhoto(id: number): Photo {
  const colour = COLOURS[id % COLOURS.length] ?? '#2e7d32';
  const picture = `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="${colour}"/></svg>`,
  )}`;
  return {
    id,
    width: 1600,
    height: 1200,
    src: picture,
    sources: [320, 640, 1080].map((width) => ({ width, webp: picture, jpeg: picture })),
    preview: picture,
  };
}

const photos = new Map<number, Photo[]>();
let nextId = 500;
onMockDbReset(() => {
  photos.clear();
  nextId = 500;
});

export function setMockPhotos(productId: number, count: number): Photo[] {
  const list = Array.from({ length: count }, () => fixturePhoto(nextId++));
  photos.set(productId, list);
  return list;
}

export const mockPhotosOf = (productId: number): Photo[] => photos.get(productId) ?? [];

const answer = (productId: number): ProductPhotos => ({
  product_id: productId,
  photos: mockPhotosOf(productId),
  max_photos: MAX_PHOTOS,
  max_bytes: MAX_BYTES,
});

const PHOTOS = url('/staff/products/:id/images', 'staff');

export const photosHandlers: RequestHandler[] = [
  http.get(PHOTOS, ({ params }) => HttpResponse.json(answer(Number(params.id)))),
  http.post(PHOTOS, async ({ params, request }) => {
    const productId = Number(params.id);
    if (mockPhotosOf(productId).length >= MAX_PHOTOS) {
      return detail(
        `This product already has ${MAX_PHOTOS} photos. Remove one to add another`,
        409,
      );
    }
    const file = (await request.formData()).get('image');
    if (file === null) return detail('Choose a photo to upload', 400);
    // Under jest, jsdom's File reaches the mock as text; in a browser it is a File.
    if (typeof file !== 'string') {
      if (file.size > MAX_BYTES) {
        return detail('This photo is larger than 15 MB. Choose a smaller one', 413);
      }
      if (!file.type.startsWith('image/')) {
        return detail('This file is not a photo. Choose a JPEG, PNG or WebP picture', 415);
      }
    }
    photos.set(productId, [...mockPhotosOf(productId), fixturePhoto(nextId++)]);
    return HttpResponse.json(answer(productId), { status: 201 });
  }),
  http.put(url('/staff/products/:id/images/order', 'staff'), async ({ params, request }) => {
    const productId = Number(params.id);
    const { photo_ids: ids } = (await request.json()) as { photo_ids: number[] };
    const current = mockPhotosOf(productId);
    if (ids.length !== current.length || !current.every((p) => ids.includes(p.id))) {
      return detail('List every photo of this product once, first one first', 422);
    }
    photos.set(
      productId,
      ids.map((id) => current.find((p) => p.id === id)).filter((p): p is Photo => p !== undefined),
    );
    return HttpResponse.json(answer(productId));
  }),
  http.delete(url('/staff/products/:id/images/:photoId', 'staff'), ({ params }) => {
    const productId = Number(params.id);
    const current = mockPhotosOf(productId);
    if (!current.some((p) => p.id === Number(params.photoId))) {
      return detail('This photo is not one of the product’s photos', 404);
    }
    photos.set(
      productId,
      current.filter((p) => p.id !== Number(params.photoId)),
    );
    return HttpResponse.json(answer(productId));
  }),
];

/** An upload that never finishes: the manager stays in its uploading state (stories). */
export const uploadHangs = http.post(PHOTOS, async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

/** The shop refuses the upload as not a photo (a file whose bytes are no picture). */
export const uploadNotAPhoto = http.post(PHOTOS, () =>
  detail('This file is not a photo. Choose a JPEG, PNG or WebP picture', 415),
);
