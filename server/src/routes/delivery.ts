/** The shopper's one delivery location (delivery service, docs/product.md#calls). */
import {
  areaClosedDetail,
  DeliveryInputSchema,
  DeliverySchema,
  ERROR_DETAILS,
  IdParamsSchema,
  PickupContactSchema,
  type DeliveryInput,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import type { Queryable } from '../db/client';
import { findDelivery, insertDelivery, updateDelivery } from '../db/deliveries';
import { findPickupContact, savePickupContact } from '../db/pickupContacts';
import { findDeliveryArea } from '../db/shopSettings';
import { normalizeMobile } from '../db/users';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../plugins/errors';

function clean(input: DeliveryInput): DeliveryInput {
  return {
    ...input,
    address: input.address.trim(),
    mobile_number: normalizeMobile(input.mobile_number),
    alt_mobile_number:
      input.alt_mobile_number === '' ? '' : normalizeMobile(input.alt_mobile_number),
    ...(input.landmark === undefined ? {} : { landmark: input.landmark.trim() }),
  };
}

/** A location in an area the owner switched off is refused in words; nothing is saved. */
async function checkArea(db: Queryable, input: DeliveryInput): Promise<void> {
  const area = await findDeliveryArea(db, input.city);
  if (area && !area.enabled) throw conflict(areaClosedDetail(area.name));
}

const deliveryRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db } = ctx;
  const auth = { preValidation: ctx.requireUser };

  app.get(
    '/get-delivery',
    { ...auth, schema: { response: { 200: DeliverySchema } } },
    async (request) => {
      const delivery = await findDelivery(db, currentUser(request).id);
      if (!delivery) throw notFound(ERROR_DETAILS.deliveryMissing);
      return delivery;
    },
  );

  app.post(
    '/delivery',
    { ...auth, schema: { body: DeliveryInputSchema, response: { 200: DeliverySchema } } },
    async (request) => {
      await checkArea(db, request.body);
      const created = await insertDelivery(db, currentUser(request).id, clean(request.body));
      if (!created) throw conflict(ERROR_DETAILS.deliveryExists);
      return created;
    },
  );

  app.patch(
    '/update-delivery/:id',
    {
      ...auth,
      schema: {
        params: IdParamsSchema,
        body: DeliveryInputSchema,
        response: { 200: DeliverySchema },
      },
    },
    async (request) => {
      await checkArea(db, request.body);
      const updated = await updateDelivery(
        db,
        currentUser(request).id,
        request.params.id,
        clean(request.body),
      );
      if (!updated) throw notFound(ERROR_DETAILS.deliveryNotFound);
      return updated;
    },
  );

  // Ours, not the spec's: pickup asks only who collects and on what number.
  app.get(
    '/pickup-contact',
    { ...auth, schema: { response: { 200: PickupContactSchema } } },
    async (request) => {
      const contact = await findPickupContact(db, currentUser(request).id);
      if (!contact) throw notFound(ERROR_DETAILS.pickupContactMissing);
      return contact;
    },
  );

  app.put(
    '/pickup-contact',
    { ...auth, schema: { body: PickupContactSchema, response: { 200: PickupContactSchema } } },
    async (request) =>
      savePickupContact(db, currentUser(request).id, {
        name: request.body.name.trim(),
        mobile_number: normalizeMobile(request.body.mobile_number),
      }),
  );
};

export default deliveryRoutes;
