/**
 * A payment the provider took whose order is not placed yet. It is written to localStorage
 * (its own key) the moment the payment succeeds, before verification, so a reload or a
 * closed tab between paying and checkout loses nothing: the next visit finishes the order.
 * It is cleared once the order is placed, when the payment proves not to be paid, or when
 * it belongs to another shopper.
 */
import type { DeliveryModel } from 'contract';

export const PENDING_PAYMENT_KEY = 'pendingPayment';

export interface PendingPayment {
  reference: string;
  deliveryModel: DeliveryModel;
  /** The session's userID (a string, as localStorage holds it). */
  userId: string;
  /** When the payment succeeded (ISO time), for support. */
  paidAt: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): then nothing is kept.
    return null;
  }
}

function isPendingPayment(value: unknown): value is PendingPayment {
  if (typeof value !== 'object' || value === null) return false;
  if (!('reference' in value) || !('deliveryModel' in value)) return false;
  if (!('userId' in value) || !('paidAt' in value)) return false;
  const { reference, deliveryModel, userId, paidAt } = value;
  return (
    typeof reference === 'string' &&
    /^[A-Za-z0-9.=-]{1,100}$/.test(reference) &&
    (deliveryModel === 'pickup' || deliveryModel === 'delivery') &&
    typeof userId === 'string' &&
    userId !== '' &&
    typeof paidAt === 'string'
  );
}

export function readPendingPayment(): PendingPayment | null {
  const raw = storage()?.getItem(PENDING_PAYMENT_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPendingPayment(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function savePendingPayment(payment: PendingPayment): void {
  try {
    storage()?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(payment));
  } catch {
    // A full or blocked storage: the flow still runs, only the reload safety net is lost.
  }
}

export function clearPendingPayment(): void {
  try {
    storage()?.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
