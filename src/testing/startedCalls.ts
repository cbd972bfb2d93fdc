import type { AppStore } from '../app/store';

interface ApiEntry {
  endpointName?: string;
  status?: string;
}

function isApiState(
  value: unknown,
): value is { queries: Record<string, ApiEntry>; mutations: Record<string, ApiEntry> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'queries' in value &&
    'mutations' in value &&
    'config' in value
  );
}

/**
 * The backend calls a store has started, as `reducerPath/endpointName`. RTK Query records a
 * query or mutation in the store the moment it starts, before its request leaves, and
 * rendering runs every effect: so a test that checks a screen asks for nothing looks here
 * right after rendering, instead of waiting to see whether a request turns up.
 */
export function startedCalls(store: AppStore): string[] {
  const started: string[] = [];
  for (const [path, slice] of Object.entries(store.getState())) {
    if (!isApiState(slice)) continue;
    for (const entry of [...Object.values(slice.queries), ...Object.values(slice.mutations)]) {
      if (entry.status !== 'uninitialized') started.push(`${path}/${entry.endpointName ?? '?'}`);
    }
  }
  return started;
}
