import { Type } from 'typebox';
import {
  CreateWishlistSchema,
  ERROR_DETAILS,
  noLongerSoldDetail,
  IdParamsSchema,
  MessageSchema,
  WishlistEntrySchema,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import { findProductById } from '../db/products';
import { addToWishlist, deleteWishlistEntry, listWishlist } from '../db/wishlists';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../plugins/errors';

const wishlistRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  const auth = { preValidation: ctx.requireUser };

  app.post(
    '/create-wishlist',
    { ...auth, schema: { body: CreateWishlistSchema, response: { 200: WishlistEntrySchema } } },
    async (request) => {
      const user = currentUser(request);
      const product = await findProductById(db, request.body.product_id);
      if (!product) throw notFound(ERROR_DETAILS.productNotFound);
      if (product.archivedAt !== null) throw conflict(noLongerSoldDetail(product.name));
      const entry = await addToWishlist(db, user.id, product.id, config.apiPrefix);
      if (!entry) throw conflict(ERROR_DETAILS.wishlistDuplicate);
      return entry;
    },
  );

  app.get(
    '/get-wishlists',
    { ...auth, schema: { response: { 200: Type.Array(WishlistEntrySchema) } } },
    async (request) => listWishlist(db, currentUser(request).id, config.apiPrefix),
  );

  app.delete(
    '/delete-wishlist/:id',
    { ...auth, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      if (!(await deleteWishlistEntry(db, currentUser(request).id, request.params.id))) {
        throw notFound(ERROR_DETAILS.wishlistNotFound);
      }
      return { message: 'Removed from your wishlist' };
    },
  );
};

export default wishlistRoutes;
