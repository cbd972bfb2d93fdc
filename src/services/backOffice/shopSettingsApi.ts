import { createApi } from '../createApi';
import type { DeliveryArea, PickupStation, PickupStationInput, ShopSettings } from 'contract';
import { env } from '../../config/env';
import { createBaseQuery } from '../baseQuery';
import { ordersApi } from '../ordersApi';

const STATIONS = { type: 'PickupStation', id: 'LIST' } as const;

/**
 * The owner's side of the shop's own details: delivery areas (the whole list at once),
 * pickup stations and the shop's settings. Every change also makes the shop's answer
 * (GET /shop, in ordersApi) stale, so the footer, the cart's fee and the pickup text in this
 * tab show it without a reload.
 */
export const shopSettingsApi = createApi({
  reducerPath: 'shopSettingsApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['DeliveryArea', 'PickupStation', 'ShopSettings'],
  endpoints: (build) => ({
    getDeliveryAreas: build.query<DeliveryArea[], void>({
      query: () => '/staff/delivery-areas',
      providesTags: ['DeliveryArea'],
    }),
    saveDeliveryAreas: build.mutation<DeliveryArea[], DeliveryArea[]>({
      query: (body) => ({ url: '/staff/delivery-areas', method: 'PUT', body }),
      invalidatesTags: ['DeliveryArea'],
      onQueryStarted: refreshShop,
    }),
    getPickupStations: build.query<PickupStation[], void>({
      query: () => '/staff/pickup-stations',
      providesTags: (list = []) => [
        ...list.map((s) => ({ type: 'PickupStation' as const, id: s.id })),
        STATIONS,
      ],
    }),
    addPickupStation: build.mutation<PickupStation, PickupStationInput>({
      query: (body) => ({ url: '/staff/pickup-stations', method: 'POST', body }),
      invalidatesTags: [STATIONS],
      onQueryStarted: refreshShop,
    }),
    updatePickupStation: build.mutation<PickupStation, PickupStationInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/staff/pickup-stations/${id}`, method: 'PUT', body }),
      invalidatesTags: (_s, _e, { id }) => [{ type: 'PickupStation', id }, STATIONS],
      onQueryStarted: refreshShop,
    }),
    removePickupStation: build.mutation<PickupStation[], number>({
      query: (id) => ({ url: `/staff/pickup-stations/${id}`, method: 'DELETE' }),
      invalidatesTags: [STATIONS],
      onQueryStarted: refreshShop,
    }),
    getShopSettings: build.query<ShopSettings, void>({
      query: () => '/staff/shop-settings',
      providesTags: ['ShopSettings'],
    }),
    saveShopSettings: build.mutation<ShopSettings, ShopSettings>({
      query: (body) => ({ url: '/staff/shop-settings', method: 'PUT', body }),
      invalidatesTags: ['ShopSettings'],
      onQueryStarted: refreshShop,
    }),
  }),
});

/** After a change succeeds: the shop's own answer, in another slice, is fetched again. */
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
  dispatch(ordersApi.util.invalidateTags(['Shop']));
}

export const {
  useGetDeliveryAreasQuery,
  useSaveDeliveryAreasMutation,
  useGetPickupStationsQuery,
  useAddPickupStationMutation,
  useUpdatePickupStationMutation,
  useRemovePickupStationMutation,
  useGetShopSettingsQuery,
  useSaveShopSettingsMutation,
} = shopSettingsApi;
