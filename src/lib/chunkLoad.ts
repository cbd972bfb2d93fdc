/**
 * Code that failed to arrive: a dropped connection, or a new version deployed while the tab
 * was open. Shared by the app's error boundaries (components/ErrorBoundary.tsx) and the start
 * of the app itself (src/index.tsx), which runs before React and MUI have loaded.
 */

export const CHUNK_FAILED_MESSAGE =
  'This page could not load. Check your connection and try again.';

/** The sessionStorage key that remembers the chunk a reload was already spent on. */
export const RELOADED_FOR_KEY = 'reloadedForChunk';

/**
 * Whether the error is code that failed to arrive rather than code that failed to run:
 * webpack names its error ChunkLoadError; browsers word a failed import() in their own way.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk .* failed|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/** The chunk's address, which webpack puts on its error. */
export function chunkUrl(error: unknown): string | null {
  const request = (error as { request?: unknown } | null)?.request;
  return typeof request === 'string' ? request : null;
}

/**
 * True when the server no longer has the chunk: a new version was deployed while the tab
 * was open, so asking again cannot help and only a reload into the new version can. A
 * failed probe (still offline) is not proof of that.
 */
async function chunkIsGone(url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return answer.status === 404;
  } catch {
    return false;
  }
}

/** Reloads once per missing chunk, so a broken deploy cannot put the tab in a reload loop. */
function reloadOnceFor(url: string): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === url) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, url);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * What 'Try again' does first: when the failed chunk is gone from the server (a new version
 * is out), the page reloads into that version, once per chunk, and this answers true. Else
 * (offline, or a chunk already reloaded for) it answers false: ask for the code again.
 */
export async function reloadedForNewVersion(error: unknown): Promise<boolean> {
  const url = chunkUrl(error);
  return url !== null && (await chunkIsGone(url)) && reloadOnceFor(url);
}
