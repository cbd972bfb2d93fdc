import { createApi } from '../createApi';
import type { PhotoOrderRequest, ProductPhotos } from 'contract';
import { env } from '../../config/env';
import { createBaseQuery } from '../baseQuery';
import { productApi } from '../productApi';
import { absoluteBaseUrl } from '../serviceAddress';

/**
 * A product's photos in the back office: listed, reordered and removed through RTK Query,
 * uploaded with `sendProductPhoto` (fetch cannot report upload progress; a phone photo on a
 * slow connection takes long enough that the owner should see it move). A change to the
 * photos changes what the shop shows, so the product caches are refreshed too.
 */
/**
 * A change's answer is the product's photos now: it replaces the cached list, and the shop's
 * product caches are refreshed (the first photo is the product's picture).
 */
async function photosChanged(
  _args: unknown,
  api: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: ProductPhotos }>;
  },
) {
  const { data } = await api.queryFulfilled;
  api.dispatch(photosApi.util.upsertQueryData('getProductPhotos', data.product_id, data));
  api.dispatch(productApi.util.invalidateTags(['Product']));
}

export const photosApi = createApi({
  reducerPath: 'photosApi',
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['ProductPhoto'],
  endpoints: (build) => ({
    /**
     * Takes an upload's answer (sendProductPhoto) into the cache, as the calls below do with
     * theirs: the upload itself goes through XMLHttpRequest for its progress.
     */
    productPhotoAdded: build.mutation<ProductPhotos, ProductPhotos>({
      queryFn: (answer) => ({ data: answer }),
      onQueryStarted: photosChanged,
    }),
    getProductPhotos: build.query<ProductPhotos, number>({
      query: (productId) => `/staff/products/${productId}/images`,
      providesTags: (_answer, _error, productId) => [{ type: 'ProductPhoto', id: productId }],
    }),
    reorderProductPhotos: build.mutation<ProductPhotos, { productId: number } & PhotoOrderRequest>({
      query: ({ productId, photo_ids }) => ({
        url: `/staff/products/${productId}/images/order`,
        method: 'PUT',
        body: { photo_ids },
      }),
      onQueryStarted: photosChanged,
    }),
    removeProductPhoto: build.mutation<ProductPhotos, { productId: number; photoId: number }>({
      query: ({ productId, photoId }) => ({
        url: `/staff/products/${productId}/images/${photoId}`,
        method: 'DELETE',
      }),
      onQueryStarted: photosChanged,
    }),
  }),
});

/** What a failed upload gives: the shape RTK Query's errors have, for getErrorMessage. */
type UploadError = { status: number; data: unknown } | { status: 'FETCH_ERROR'; error: string };

/**
 * Uploads one photo (multipart, field `image`) with the session's token, telling `onProgress`
 * the share sent (0 to 1). Resolves with the product's photos; rejects with an UploadError.
 */
export function sendProductPhoto(
  productId: number,
  file: File,
  token: string | null,
  onProgress: (sent: number) => void,
): Promise<ProductPhotos> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const base = absoluteBaseUrl(env.apiBaseUrls.staff);
    request.open('POST', `${base}/staff/products/${productId}/images`);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = request.responseText;
      }
      if (request.status === 201) resolve(data as ProductPhotos);
      else reject({ status: request.status, data } satisfies UploadError);
    };
    request.onerror = () =>
      reject({
        status: 'FETCH_ERROR',
        error: 'The photo did not reach the shop',
      } satisfies UploadError);
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

export const {
  useProductPhotoAddedMutation,
  useGetProductPhotosQuery,
  useReorderProductPhotosMutation,
  useRemoveProductPhotoMutation,
} = photosApi;
