/**
 * A guest's cart joining the account (contract/guestCart.ts): ours, beside the spec's cart
 * calls, which keep their shapes. Each line adds what the shop can give, capped by stock and
 * by the cart's limit per product; the answer says what was added and why any less.
 */
import {
  GuestCartMergeResultSchema,
  GuestCartMergeSchema,
  MAX_CART_QUANTITY,
  type MergedLine,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import { findCartLineForProduct, addToCart } from '../db/carts';
import {
  claimCartMerge,
  findCartMerge,
  lockProductsForMerge,
  recordCartMerge,
} from '../db/cartMerges';
import { currentUser } from '../plugins/auth';

/** The quantities asked per product, in the order first asked (a product sent twice adds up). */
function askedPerProduct(lines: { product_id: number; quantity: number }[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const line of lines) {
    asked.set(line.product_id, (asked.get(line.product_id) ?? 0) + line.quantity);
  }
  return asked;
}

const cartMergeRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    '/cart/merge',
    {
      preValidation: ctx.requireUser,
      schema: { body: GuestCartMergeSchema, response: { 200: GuestCartMergeResultSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const mergeId = request.body.merge_id;
      const asked = askedPerProduct(request.body.lines);
      return db.transaction(async (tx) => {
        if (!(await claimCartMerge(tx, user.id, mergeId))) {
          return {
            merge_id: mergeId,
            repeated: true,
            lines: (await findCartMerge(tx, user.id, mergeId)) ?? [],
          };
        }
        const products = await lockProductsForMerge(tx, [...asked.keys()]);
        const lines: MergedLine[] = [];
        for (const [productId, requested] of asked) {
          const product = products.get(productId);
          if (!product) {
            lines.push({
              product_id: productId,
              name: null,
              requested,
              added: 0,
              in_cart: 0,
              stock: 0,
              capped: 'unavailable',
            });
            continue;
          }
          const already = (await findCartLineForProduct(tx, user.id, productId))?.quantity ?? 0;
          const byStock = Math.max(0, product.stock - already);
          const byLimit = Math.max(0, MAX_CART_QUANTITY - already);
          const added = Math.min(requested, byStock, byLimit);
          if (added > 0) await addToCart(tx, user.id, productId, added);
          lines.push({
            product_id: productId,
            name: product.name,
            requested,
            added,
            in_cart: already + added,
            stock: product.stock,
            capped: added === requested ? null : byStock <= byLimit ? 'stock' : 'cart_limit',
          });
        }
        await recordCartMerge(tx, user.id, mergeId, lines);
        return { merge_id: mergeId, repeated: false, lines };
      });
    },
  );
};

export default cartMergeRoutes;
