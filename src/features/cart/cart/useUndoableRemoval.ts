import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItem } from 'contract';
import { useAddToCart } from '../../../components/product/useAddToCart';
import { toastMutation } from '../../../lib/toasts';
import { useDeleteCartItemMutation } from '../../../services/cartApi';

/** How long 'Removed · Undo' stays offered after a line is deleted. */
export const UNDO_WINDOW_MS = 5000;

export interface RemovedLine {
  line: CartItem;
  /** Where the line stood, so its Undo shows in its place. */
  index: number;
}

/**
 * Deleting a cart line with a few seconds to change one's mind.
 *
 * The delete is sent at once and Undo adds the product back with the same quantity, rather
 * than holding the delete back until the window closes: the server's cart (what Make
 * Payment charges, what another tab or device shows) is then never ahead of or behind what
 * the shopper sees, and leaving the page inside the window loses nothing the shopper did
 * not ask to remove. The price of it is that Undo can fail if the stock ran out meanwhile;
 * the add's own toast then says so.
 */
export function useUndoableRemoval() {
  const [deleteCartItem] = useDeleteCartItemMutation();
  const { addToCart } = useAddToCart();
  const [removed, setRemoved] = useState<RemovedLine[]>([]);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const forget = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setRemoved((lines) => lines.filter((entry) => entry.line.id !== id));
  }, []);

  const remove = useCallback(
    async (line: CartItem, index: number) => {
      // Offered at once, in the line's place, as the line leaves the list; Undo waits for
      // the delete's answer (an add before it would be merged into the line being deleted).
      setRemoving((ids) => new Set(ids).add(line.id));
      setRemoved((lines) => [
        ...lines.filter((entry) => entry.line.id !== line.id),
        { line, index },
      ]);
      const outcome = await toastMutation(deleteCartItem(line.id).unwrap(), 'cartDelete');
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(line.id);
        return next;
      });
      if (!outcome.ok) {
        forget(line.id);
        return;
      }
      timers.current.set(
        line.id,
        setTimeout(() => forget(line.id), UNDO_WINDOW_MS),
      );
    },
    [deleteCartItem, forget],
  );

  const undo = useCallback(
    (entry: RemovedLine) => {
      forget(entry.line.id);
      const { id, amount, disc_amount } = entry.line.product;
      void addToCart({ id, amount, disc_amount: disc_amount ?? null }, entry.line.quantity);
    },
    [addToCart, forget],
  );

  return { removed, removing, remove, undo };
}

/** The cart's lines with the recently removed ones back in their places. */
export function withRemovedLines(
  lines: CartItem[],
  removed: RemovedLine[],
): Array<{ kind: 'line'; line: CartItem } | { kind: 'removed'; entry: RemovedLine }> {
  const merged: Array<{ kind: 'line'; line: CartItem } | { kind: 'removed'; entry: RemovedLine }> =
    lines.map((line) => ({ kind: 'line', line }));
  for (const entry of [...removed].sort((a, b) => a.index - b.index)) {
    // A line re-added by Undo in another way (e.g. from the shop) is in the cart again.
    if (lines.some((line) => line.product.id === entry.line.product.id)) continue;
    merged.splice(Math.min(entry.index, merged.length), 0, { kind: 'removed', entry });
  }
  return merged;
}
