/**
 * The cart service (docs/product.md#calls): the shopper's cart, and checkout (placing the order).
 */
import {
  AddCartItemSchema,
  CartItemSchema,
  CartSchema,
  CheckoutSchema,
  ERROR_DETAILS,
  noLongerSoldDetail,
  IdParamsSchema,
  MAX_CART_QUANTITY,
  MessageSchema,
  OrderSchema,
  UpdateCartItemSchema,
} from '../../../contract';
import { attachCartCache } from '../cartCache';
import type { RoutePlugin } from '../context';
import {
  addToCart,
  deleteCartLine,
  findCartLine,
  findCartLineForProduct,
  listCart,
  setCartQuantity,
  toCart,
  toCartItem,
} from '../db/carts';
import { findOrderByReference } from '../db/orders';
import { findProductById } from '../db/products';
import { findUserTransaction } from '../db/transactions';
import { paymentNotDoneDetail, placeOrder, verifyPayment } from '../payments/checkout';
import { currentUser } from '../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../plugins/errors';

function stockDetail(stock: number, alreadyInCart: number): string {
  if (stock === 0) return ERROR_DETAILS.outOfStock;
  return alreadyInCart > 0
    ? `Only ${stock} left in stock (you already have ${alreadyInCart} in your cart)`
    : `Only ${stock} left in stock`;
}

const cartRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  const auth = { preValidation: ctx.requireUser };
  const carts = attachCartCache(db);
  app.addHook('onClose', () => carts.close());

  app.get('/all-carts', { ...auth, schema: { response: { 200: CartSchema } } }, async (request) => {
    const user = currentUser(request);
    return carts.cache.read(user.id, async () =>
      toCart(await listCart(db, user.id), config.apiPrefix),
    );
  });

  app.post(
    '/add-cart',
    { ...auth, schema: { body: AddCartItemSchema, response: { 200: CartItemSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { user_id: userId, product_id: productId, quantity } = request.body;
      if (userId !== user.id) throw forbidden('You can only add to your own cart');
      // price_per_item is ignored on purpose: prices come from the catalogue, never the client.
      const lineId = await db.transaction(async (tx) => {
        const product = await findProductById(tx, productId);
        if (!product) throw notFound(ERROR_DETAILS.productNotFound);
        if (product.archivedAt !== null) throw conflict(noLongerSoldDetail(product.name));
        const existing = await findCartLineForProduct(tx, user.id, productId);
        const already = existing?.quantity ?? 0;
        if (product.inventoryStock === 0 || already + quantity > product.inventoryStock) {
          throw conflict(stockDetail(product.inventoryStock, already));
        }
        if (already + quantity > MAX_CART_QUANTITY) {
          throw conflict(`You can have at most ${MAX_CART_QUANTITY} of one product in your cart`);
        }
        return addToCart(tx, user.id, productId, quantity);
      });
      const line = await findCartLine(db, user.id, lineId);
      if (!line) throw notFound(ERROR_DETAILS.cartItemNotFound);
      return toCartItem(line, config.apiPrefix);
    },
  );

  app.patch(
    '/update-cart/:id',
    {
      ...auth,
      schema: {
        params: IdParamsSchema,
        body: UpdateCartItemSchema,
        response: { 200: CartItemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const line = await findCartLine(db, user.id, request.params.id);
      if (!line) throw notFound(ERROR_DETAILS.cartItemNotFound);
      const { quantity } = request.body;
      if (line.product.inventoryStock === 0 || quantity > line.product.inventoryStock) {
        throw conflict(stockDetail(line.product.inventoryStock, 0));
      }
      if (!(await setCartQuantity(db, user.id, line.id, quantity))) {
        throw notFound(ERROR_DETAILS.cartItemNotFound);
      }
      return toCartItem({ ...line, quantity }, config.apiPrefix);
    },
  );

  app.delete(
    '/delete-cart/:id',
    { ...auth, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!(await deleteCartLine(db, user.id, request.params.id))) {
        throw notFound(ERROR_DETAILS.cartItemNotFound);
      }
      return { message: 'Item removed from your cart' };
    },
  );

  app.post(
    '/checkout',
    { ...auth, schema: { body: CheckoutSchema, response: { 200: OrderSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { reference_id: reference, delivery_model: deliveryModel } = request.body;
      const tx = await findUserTransaction(db, user.id, reference);
      if (!tx) throw notFound(ERROR_DETAILS.transactionNotFound);
      const existing = await findOrderByReference(db, reference);
      if (existing) return existing.order;
      const verification = await verifyPayment(ctx, tx);
      if (verification.status !== 'success')
        throw badRequest(paymentNotDoneDetail(verification.status));
      const { order, created } = await placeOrder(
        ctx,
        {
          reference,
          userId: user.id,
          deliveryModel,
        },
        request.log,
      );
      if (created) request.log.info({ reference, orderId: order.id }, 'order placed');
      return order;
    },
  );
};

export default cartRoutes;
