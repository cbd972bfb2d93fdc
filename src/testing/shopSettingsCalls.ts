/** The contract test's rows for shopSettingsHandlers.ts. */
// Only the contract test (jest) reads these rows, so the TypeBox schemas never reach the bundle.
import {
  DeliveryAreaListSchema,
  ErrorBodySchema,
  PickupStationInputSchema,
  PickupStationListSchema,
  PickupStationSchema,
  ShopSettingsSchema,
} from 'contract';
import { fixtureAuthToken } from './fixtures';
import type { ContractCall } from './contractCall';
import { treatAsStaff } from './staffHandlers';
import { fixtureDeliveryAreas, fixtureShopSettings } from './backOffice/shopSettingsHandlers';

// The contract test sends the shopper's fixture token: these rows make it the owner's.
const asOwner = () => {
  treatAsStaff(fixtureAuthToken);
  return Promise.resolve();
};

const STATION = {
  name: 'Dugbe station',
  address: '3 Dugbe Road, Ibadan',
  opening_hours: 'Monday to Friday, 9 am to 5 pm',
  phone: '08055556666',
};

export const shopSettingsCalls: ContractCall[] = [
  {
    name: 'the owner reads the delivery areas',
    method: 'GET',
    service: 'staff',
    path: '/staff/delivery-areas',
    signedIn: true,
    setup: asOwner,
    answer: DeliveryAreaListSchema,
  },
  {
    name: 'the owner saves the whole list of areas',
    method: 'PUT',
    service: 'staff',
    path: '/staff/delivery-areas',
    request: DeliveryAreaListSchema,
    body: fixtureDeliveryAreas.map((a) => (a.city === 'Ibadan-Bodija' ? { ...a, fee: 1500 } : a)),
    signedIn: true,
    setup: asOwner,
    answer: DeliveryAreaListSchema,
  },
  {
    name: "a shopper's token cannot change the areas",
    method: 'PUT',
    service: 'staff',
    path: '/staff/delivery-areas',
    body: fixtureDeliveryAreas,
    signedIn: true,
    status: 403,
    answer: ErrorBodySchema,
  },
  {
    name: 'the owner lists the pickup stations',
    method: 'GET',
    service: 'staff',
    path: '/staff/pickup-stations',
    signedIn: true,
    setup: asOwner,
    answer: PickupStationListSchema,
  },
  {
    name: 'the owner adds a pickup station',
    method: 'POST',
    service: 'staff',
    path: '/staff/pickup-stations',
    request: PickupStationInputSchema,
    body: STATION,
    signedIn: true,
    setup: asOwner,
    status: 201,
    answer: PickupStationSchema,
  },
  {
    name: 'the owner edits a pickup station',
    method: 'PUT',
    service: 'staff',
    path: '/staff/pickup-stations/1',
    request: PickupStationInputSchema,
    body: STATION,
    signedIn: true,
    setup: asOwner,
    answer: PickupStationSchema,
  },
  {
    name: 'the last pickup station cannot be removed',
    method: 'DELETE',
    service: 'staff',
    path: '/staff/pickup-stations/1',
    signedIn: true,
    setup: asOwner,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'the owner reads the shop settings',
    method: 'GET',
    service: 'staff',
    path: '/staff/shop-settings',
    signedIn: true,
    setup: asOwner,
    answer: ShopSettingsSchema,
  },
  {
    name: 'the owner saves the shop settings',
    method: 'PUT',
    service: 'staff',
    path: '/staff/shop-settings',
    request: ShopSettingsSchema,
    body: { ...fixtureShopSettings, phone: '08091112222' },
    signedIn: true,
    setup: asOwner,
    answer: ShopSettingsSchema,
  },
];
