/**
 * The shop part of the back office, mocked for jest and Storybook: delivery areas, pickup
 * stations and the shop's settings, answering as the reference server does (the whole area
 * list at once, 422 with the field in words, 409 for the last station). The staff fixture
 * token stands for the owner here; a shopper's token gets 403.
 */
import { http, HttpResponse } from 'msw';
import type { DeliveryArea, PickupStation, PickupStationInput, ShopSettings } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { DELIVERY_AND_PACKAGING_NAIRA, DELIVERY_AREA_NAMES, DELIVERY_CITIES } from 'contract/rules';
import { fixtureShopInfo } from '../fixtures';
import { mockShop } from '../orderHandlers';
import { detail, invalid, isSignedIn, onMockDbReset, url } from '../mockDb';
import { staffMockDb } from '../staffHandlers';

export const OWNER_ONLY_DETAIL = 'Only the shop owner can do this';

export const fixtureDeliveryAreas: DeliveryArea[] = DELIVERY_CITIES.map((city) => ({
  city,
  name: DELIVERY_AREA_NAMES[city],
  fee: DELIVERY_AND_PACKAGING_NAIRA,
  delivery_time: '1-3 business days',
  enabled: true,
}));

export const fixtureShopSettings: ShopSettings = {
  name: fixtureShopInfo.name,
  address: fixtureShopInfo.address,
  phone: fixtureShopInfo.phone,
  whatsapp_number: fixtureShopInfo.whatsapp_number,
  pay_later_max_total: 100_000,
  pay_later_first_order_max_total: 30_000,
  pay_later_open_max_total: 150_000,
};

interface ShopState {
  areas: DeliveryArea[];
  stations: PickupStation[];
  settings: ShopSettings;
  nextStationId: number;
}

const state: ShopState = {
  areas: [],
  stations: [],
  settings: fixtureShopSettings,
  nextStationId: 2,
};

function reset() {
  state.areas = structuredClone(fixtureDeliveryAreas);
  state.stations = structuredClone(fixtureShopInfo.stations);
  state.settings = structuredClone(fixtureShopSettings);
  state.nextStationId = 2;
}
reset();
onMockDbReset(reset);

/** The mock's data now (tests and stories may edit it). */
export const shopMockDb = state;

/** What GET /shop says follows the owner's data, as on the server. */
function publish() {
  Object.assign(mockShop, {
    name: state.settings.name,
    address: state.settings.address,
    phone: state.settings.phone,
    whatsapp_number: state.settings.whatsapp_number.replace(/^0/, '234'),
    areas: state.areas
      .filter((a) => a.enabled)
      .map(({ city, name, fee, delivery_time }) => ({ city, name, fee, delivery_time })),
    stations: state.stations,
    pickup: state.stations[0]
      ? {
          address: state.stations[0].address,
          opening_hours: state.stations[0].opening_hours,
          fee: state.stations[0].fee,
        }
      : mockShop.pickup,
  });
}

function refuse(request: Request, ownerOnly: boolean): Response | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (staffMockDb.staffTokens.has(token)) return null;
  if (!isSignedIn(request)) return detail(ERROR_DETAILS.credentials, 401);
  return detail(ownerOnly ? OWNER_ONLY_DETAIL : 'This page is for the shop staff only', 403);
}

const at = (loc: (string | number)[], msg: string) => ({ loc, msg, type: 'value_error' });

// A request's body may lack any field: the mock checks it as the server would.
function stationProblems(body: Partial<PickupStationInput>) {
  const issues = [];
  if (!body.name?.trim()) issues.push(at(['body', 'name'], "Enter the station's name"));
  if (!body.address?.trim()) issues.push(at(['body', 'address'], "Enter the station's address"));
  if (!body.opening_hours?.trim())
    issues.push(at(['body', 'opening_hours'], 'Enter the opening hours'));
  if (!/^(?:\+?234|0)?[789][01]\d{8}$/.test(body.phone ?? ''))
    issues.push(at(['body', 'phone'], 'Enter a valid Nigerian mobile number, e.g. 08031234567'));
  return issues;
}

export const shopSettingsHandlers = [
  http.get(url('/staff/delivery-areas', 'staff'), ({ request }) => {
    return refuse(request, false) ?? HttpResponse.json(state.areas);
  }),
  http.put(url('/staff/delivery-areas', 'staff'), async ({ request }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const body = (await request.json()) as DeliveryArea[];
    const issues = body.flatMap((a, i) => [
      ...(a.fee < 0
        ? [
            at(
              ['body', i, 'fee'],
              'Enter a delivery fee from ₦0 to ₦1,000,000 (at most two decimals)',
            ),
          ]
        : []),
      ...(!a.name.trim()
        ? [
            at(
              ['body', i, 'name'],
              'Enter the name shoppers see for this area (1 to 120 characters)',
            ),
          ]
        : []),
    ]);
    if (issues.length > 0) return invalid(issues);
    state.areas = body;
    publish();
    return HttpResponse.json(state.areas);
  }),
  http.get(url('/staff/pickup-stations', 'staff'), ({ request }) => {
    return refuse(request, false) ?? HttpResponse.json(state.stations);
  }),
  http.post(url('/staff/pickup-stations', 'staff'), async ({ request }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const body = (await request.json()) as PickupStationInput;
    const issues = stationProblems(body);
    if (issues.length > 0) return invalid(issues);
    const station = { id: state.nextStationId++, ...body, fee: body.fee ?? 0 };
    state.stations.push(station);
    publish();
    return HttpResponse.json(station, { status: 201 });
  }),
  http.put(url('/staff/pickup-stations/:id', 'staff'), async ({ request, params }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const body = (await request.json()) as PickupStationInput;
    const issues = stationProblems(body);
    if (issues.length > 0) return invalid(issues);
    const index = state.stations.findIndex((s) => s.id === Number(params.id));
    if (index < 0)
      return detail('This pickup station does not exist (it may have been removed)', 404);
    // A fee left out keeps the one the station had, as on the server.
    const station = { id: Number(params.id), ...body, fee: body.fee ?? state.stations[index]!.fee };
    state.stations[index] = station;
    publish();
    return HttpResponse.json(station);
  }),
  http.delete(url('/staff/pickup-stations/:id', 'staff'), ({ request, params }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    if (!state.stations.some((s) => s.id === Number(params.id)))
      return detail('This pickup station does not exist (it may have been removed)', 404);
    if (state.stations.length <= 1)
      return detail('Pickup orders need a station: add another one before removing the last.', 409);
    state.stations = state.stations.filter((s) => s.id !== Number(params.id));
    publish();
    return HttpResponse.json(state.stations);
  }),
  http.get(url('/staff/shop-settings', 'staff'), ({ request }) => {
    return refuse(request, true) ?? HttpResponse.json(state.settings);
  }),
  http.put(url('/staff/shop-settings', 'staff'), async ({ request }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const body = (await request.json()) as ShopSettings;
    if (body.pay_later_first_order_max_total > body.pay_later_max_total)
      return invalid([
        at(
          ['body', 'pay_later_first_order_max_total'],
          "The first order's limit cannot be above the limit for every order",
        ),
      ]);
    state.settings = body;
    publish();
    return HttpResponse.json(state.settings);
  }),
];
