import type {
  CreateCategoryRequest,
  CreateProductRequest,
  LowStockList,
  StaffCategory,
  StaffCategoryList,
  StaffProduct,
  StaffProductList,
  StaffProductListQuery,
  StockChangeAnswer,
  StockChangeRequest,
  StockHistory,
  UpdateCategoryRequest,
  UpdateProductRequest,
} from 'contract';
import { env } from '../../config/env';
import { createApi } from '../createApi';
import { createBaseQuery } from '../baseQuery';
import { productApi } from '../productApi';

const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;
const CATEGORY_LIST = { type: 'Category', id: 'LIST' } as const;
const LOW_STOCK = { type: 'Stock', id: 'LOW' } as const;

/**
 * The back office's catalogue: products, their stock and the category list, as the owner
 * and staff edit them. A save refreshes what it touched here, and the shop's own product
 * and category answers (another slice), so the owner sees the shop as shoppers now do.
 */
export const catalogueAdminApi = createApi({
  reducerPath: 'catalogueAdminApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['Product', 'Category', 'Stock'],
  endpoints: (build) => ({
    /** Who is signed in: the pages show the owner's controls to the owner only. */
    getAdminProducts: build.query<StaffProductList, StaffProductListQuery>({
      query: (params) => ({ url: '/staff/products', params }),
      providesTags: (list) => [
        ...(list?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
        PRODUCT_LIST,
      ],
    }),
    getAdminProduct: build.query<StaffProduct, number>({
      query: (id) => `/staff/products/${id}`,
      providesTags: (_p, _e, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<StaffProduct, CreateProductRequest>({
      query: (body) => ({ url: '/staff/products', method: 'POST', body }),
      invalidatesTags: (_p, error) => (error ? [] : [PRODUCT_LIST, CATEGORY_LIST, LOW_STOCK]),
      onQueryStarted: refreshShop,
    }),
    updateProduct: build.mutation<StaffProduct, { id: number; changes: UpdateProductRequest }>({
      query: ({ id, changes }) => ({
        url: `/staff/products/${id}`,
        method: 'PATCH',
        body: changes,
      }),
      // A refused save changed nothing: refetching would replace what the owner typed.
      invalidatesTags: (_p, error, { id }) =>
        error
          ? []
          : [
              { type: 'Product', id },
              PRODUCT_LIST,
              CATEGORY_LIST,
              LOW_STOCK,
              { type: 'Stock', id },
            ],
      onQueryStarted: refreshShop,
    }),
    changeStock: build.mutation<StockChangeAnswer, { id: number; change: StockChangeRequest }>({
      query: ({ id, change }) => ({
        url: `/staff/products/${id}/stock`,
        method: 'POST',
        body: change,
      }),
      invalidatesTags: (_a, error, { id }) =>
        error ? [] : [{ type: 'Product', id }, { type: 'Stock', id }, PRODUCT_LIST, LOW_STOCK],
      onQueryStarted: refreshShop,
    }),
    getStockHistory: build.query<StockHistory, number>({
      query: (id) => `/staff/products/${id}/stock`,
      providesTags: (_h, _e, id) => [{ type: 'Stock', id }],
    }),
    getLowStock: build.query<LowStockList, void>({
      query: () => '/staff/stock/low',
      providesTags: (list) => [
        ...(list?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
        LOW_STOCK,
      ],
    }),
    getAdminCategories: build.query<StaffCategoryList, void>({
      query: () => '/staff/categories',
      providesTags: (list) => [
        ...(list?.categories ?? []).map((c) => ({ type: 'Category' as const, id: c.id })),
        CATEGORY_LIST,
      ],
    }),
    createCategory: build.mutation<StaffCategory, CreateCategoryRequest>({
      query: (body) => ({ url: '/staff/categories', method: 'POST', body }),
      invalidatesTags: (_c, error) => (error ? [] : [CATEGORY_LIST]),
      onQueryStarted: refreshShop,
    }),
    updateCategory: build.mutation<StaffCategory, { id: number; changes: UpdateCategoryRequest }>({
      query: ({ id, changes }) => ({
        url: `/staff/categories/${id}`,
        method: 'PATCH',
        body: changes,
      }),
      // A rename renames the category on its products too.
      invalidatesTags: (_c, error, { id }) =>
        error ? [] : [{ type: 'Category', id }, CATEGORY_LIST, PRODUCT_LIST],
      onQueryStarted: refreshShop,
    }),
    deleteCategory: build.mutation<{ deleted: boolean }, number>({
      query: (id) => ({ url: `/staff/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: (_d, error) => (error ? [] : [CATEGORY_LIST]),
      onQueryStarted: refreshShop,
    }),
  }),
});

/**
 * After a save, the shop's cached catalogue answers (another slice) are out of date: they
 * are fetched again when next shown. A failed save changed nothing, so nothing is refreshed.
 */
async function refreshShop(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(productApi.util.invalidateTags(['Product']));
}

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useChangeStockMutation,
  useGetStockHistoryQuery,
  useGetLowStockQuery,
  useGetAdminCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = catalogueAdminApi;
