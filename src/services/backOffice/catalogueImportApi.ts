import type { CatalogueImportPreview } from 'contract';
import { env } from '../../config/env';
import { createBaseQuery } from '../baseQuery';
import { createApi } from '../createApi';
import { productApi } from '../productApi';

const CATALOGUE = { type: 'Catalogue', id: 'LIST' } as const;

/** The CSV file's text, as the owner chose it. */
export type CatalogueCsv = string;

/**
 * The owner's catalogue spreadsheet: the export (a CSV file's text, downloaded on a tap,
 * never kept in the cache) and the import, previewed first and then applied. An apply
 * changes the products every shopper's page shows, so it invalidates the shop's product
 * answers too.
 */
export const catalogueImportApi = createApi({
  reducerPath: 'catalogueImportApi',
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['Catalogue'],
  endpoints: (build) => ({
    exportCatalogue: build.query<CatalogueCsv, void>({
      query: () => ({ url: '/staff/products.csv', responseHandler: 'text' }),
      providesTags: [CATALOGUE],
      // A file the owner saves once: no reason to hold 5,000 rows in memory afterwards.
      keepUnusedDataFor: 0,
    }),
    previewCatalogueImport: build.mutation<CatalogueImportPreview, CatalogueCsv>({
      query: (csv) => ({
        url: '/staff/products/import',
        method: 'POST',
        params: { dry_run: '1' },
        headers: { 'content-type': 'text/csv' },
        body: csv,
      }),
    }),
    applyCatalogueImport: build.mutation<CatalogueImportPreview, CatalogueCsv>({
      query: (csv) => ({
        url: '/staff/products/import',
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      }),
      invalidatesTags: [CATALOGUE],
      async onQueryStarted(_csv, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(productApi.util.invalidateTags(['Product']));
      },
    }),
  }),
});

export const {
  useLazyExportCatalogueQuery,
  usePreviewCatalogueImportMutation,
  useApplyCatalogueImportMutation,
} = catalogueImportApi;
