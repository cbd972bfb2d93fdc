/**
 * Reading back the tap a guest made before logging in (lib/guestIntent.ts): only well-formed
 * and fresh intents count, so an old or tampered value is never carried out.
 */
import {
  GUEST_INTENT_KEY,
  GUEST_INTENT_TTL_MS,
  guestIntentStorage,
  type GuestIntent,
} from './guestIntent';

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The stored value when it is a well-formed intent, else null (old or tampered values). */
function parse(raw: string | null): GuestIntent | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.returnTo !== 'string' || typeof v.savedAt !== 'number') return null;
  if (!isId(v.productId)) return null;
  const base = { returnTo: v.returnTo, savedAt: v.savedAt, productId: v.productId };
  switch (v.kind) {
    case 'wishlistAdd':
      return { kind: 'wishlistAdd', ...base };
    case 'cartAdd':
    case 'buy':
      if (!isId(v.quantity) || typeof v.pricePerItem !== 'number') return null;
      return { kind: v.kind, ...base, quantity: v.quantity, pricePerItem: v.pricePerItem };
    default:
      return null;
  }
}

function fresh(intent: GuestIntent | null, now: number): GuestIntent | null {
  if (!intent) return null;
  const age = now - intent.savedAt;
  return age >= 0 && age <= GUEST_INTENT_TTL_MS ? intent : null;
}

/** The intent still waiting, without using it up (null when none or expired). */
export function peekGuestIntent(now = Date.now()): GuestIntent | null {
  return fresh(parse(guestIntentStorage()?.getItem(GUEST_INTENT_KEY) ?? null), now);
}

/** Removes the intent and returns it if it is still fresh: whoever takes it carries it out. */
export function takeGuestIntent(now = Date.now()): GuestIntent | null {
  const store = guestIntentStorage();
  const raw = store?.getItem(GUEST_INTENT_KEY) ?? null;
  store?.removeItem(GUEST_INTENT_KEY);
  return fresh(parse(raw), now);
}
