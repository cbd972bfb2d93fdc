import type { CartLine } from '../db/carts';

/** Why a cart line cannot be bought now, or null when it can. */
export function stockProblem(line: {
  quantity: number;
  product: Pick<CartLine['product'], 'name' | 'inventoryStock'>;
}): string | null {
  const { inventoryStock, name } = line.product;
  if (inventoryStock === 0) return `${name} is out of stock`;
  if (line.quantity > inventoryStock) return `Only ${inventoryStock} left in stock for ${name}`;
  return null;
}
