/**
 * What the cart, delivery location and My Orders show when their query failed because the
 * shopper is offline or the server is down: the saved copy (savedCopiesSlice), read-only,
 * with the words for why. Loaded only with those pages, not with the first screen.
 */
import { useEffect } from 'react';
import { formatWhen } from '../lib/format';
import { unreachableReason } from '../lib/getErrorMessage';
import { plainMessages } from '../lib/messages';
import { useAppSelector } from './hooks';
import { selectSavedCopy, type SavedCopiesState, type SavedCopyKind } from './savedCopiesSlice';

/** While the server is down the browser never says when it is back: ask again this often. */
export const SERVER_RETRY_MS = 30_000;

/**
 * The note under a saved copy: 'Saved copy from 10:42 — it can be changed once we can reach
 * the shop again.', with the date in front of the time when it was not saved today.
 */
export function savedCopyNote(savedAt: number | undefined, now: number = Date.now()): string {
  const rest = 'it can be changed once we can reach the shop again.';
  if (savedAt === undefined || !Number.isFinite(savedAt)) return `Saved copy: ${rest}`;
  return `Saved copy from ${formatWhen(savedAt, now)} — ${rest}`;
}

export type Unreachable = 'offline' | 'server-down';

/** The words for why the shop cannot be reached; the two never read the same. */
export function unreachableWords(reason: Unreachable): string {
  return reason === 'offline' ? plainMessages.offline : plainMessages.serverDown;
}

export interface SavedCopyFallback<T> {
  data: T;
  savedAt: number;
  reason: Unreachable;
}

/**
 * The saved copy of `kind` to show instead of `query`'s answer: only when the query has no
 * data and failed for want of a connection or a server, and the signed-in shopper has one.
 * While the server is down, `query.refetch` runs every SERVER_RETRY_MS so the fresh answer
 * replaces the copy by itself (offline, the reconnect does that).
 */
export function useSavedCopy<K extends SavedCopyKind>(
  kind: K,
  query: { data?: unknown; error?: unknown; refetch: () => unknown },
): SavedCopyFallback<NonNullable<SavedCopiesState[K]>['data']> | undefined {
  const copy = useAppSelector((state) => selectSavedCopy(state, kind));
  const reason = query.data === undefined ? unreachableReason(query.error) : undefined;
  const { refetch } = query;
  const retrying = reason === 'server-down' && copy !== undefined;
  useEffect(() => {
    if (!retrying) return;
    const timer = setInterval(() => void refetch(), SERVER_RETRY_MS);
    return () => clearInterval(timer);
  }, [retrying, refetch]);
  if (!reason || !copy) return undefined;
  return {
    data: copy.data as NonNullable<SavedCopiesState[K]>['data'],
    savedAt: copy.savedAt,
    reason,
  };
}
