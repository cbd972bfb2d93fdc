/**
 * The pending update that the shopper is asked about: set by the update flow when a new
 * version is waiting but updates are held, read by <UpdatePrompt> (useSyncExternalStore).
 */

/** What the prompt's Reload button does: activate the waiting version and reload into it. */
export type ApplyUpdate = () => void;

let pending: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Asks the shopper; a later update replaces the action of an earlier one. */
export function askToUpdate(apply: ApplyUpdate): void {
  pending = apply;
  notify();
}

/** Forgets the question (the page is reloading, or a test starts afresh). */
export function clearUpdatePrompt(): void {
  pending = null;
  notify();
}

export function pendingUpdate(): ApplyUpdate | null {
  return pending;
}

export function subscribeToUpdatePrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
