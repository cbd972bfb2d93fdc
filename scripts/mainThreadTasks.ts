/**
 * Main-thread task time from a Chromium trace (the JSON of Tracing with the `toplevel`,
 * `devtools.timeline` and `blink.user_timing` categories): how long the page's renderer
 * thread was busy between the start of a navigation and a chosen end. Kept apart from the
 * bench that drives the browser so the arithmetic can be tested on a trace written by hand.
 */

/** One event of Chromium's trace format; times in microseconds. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    frame?: string;
    data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean };
  };
}

/**
 * What Chromium calls a task of a thread's loop: newer builds record both names, one inside
 * the other, and the same task must not count twice.
 */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The page's main thread, and the part of the trace to count (microseconds). */
export interface TaskWindow {
  pid: number;
  tid: number;
  start: number;
  end: number;
}

/**
 * Where a page loaded from `url` starts (its main frame's navigationStart) and ends: at the
 * user-timing mark `endMark` the page set on its main thread, or without one at the main
 * frame's load event (loadEventEnd). The thread is the one that recorded navigationStart,
 * so the other renderers of the trace are left out.
 */
export function pageWindow(events: TraceEvent[], url: string, endMark?: string): TaskWindow {
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.documentLoaderURL === url &&
      e.args.data.isLoadingMainFrame === true,
  );
  if (!navigation) throw new Error(`The trace has no navigation to ${url}.`);
  const { pid, tid, ts: start } = navigation;
  const frame = navigation.args?.frame;
  const ends = events.filter((e) =>
    endMark
      ? e.name === endMark && e.pid === pid && e.ts >= start
      : e.name === 'loadEventEnd' && e.args?.frame === frame && e.ts >= start,
  );
  if (ends.length === 0) {
    throw new Error(
      `The trace of ${url} has no ${endMark ? `mark "${endMark}"` : 'load event'} after its navigation.`,
    );
  }
  const end = Math.min(...ends.map((e) => e.ts));
  return { pid, tid, start, end };
}

/**
 * Milliseconds the thread spent in top-level tasks inside the window: the union of the
 * tasks' spans, each clipped to the window, so a task nested in another (the two names
 * above) or running across the window's edge counts once and only for its part inside.
 */
export function taskTime(events: TraceEvent[], window: TaskWindow): number {
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.dur !== undefined &&
        TASK_NAMES.has(e.name) &&
        e.pid === window.pid &&
        e.tid === window.tid,
    )
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let countedTo = window.start;
  for (const task of tasks) {
    const from = Math.max(task.ts, countedTo);
    const to = Math.min(task.ts + (task.dur ?? 0), window.end);
    if (to > from) {
      busy += to - from;
      countedTo = to;
    }
  }
  return busy / 1000;
}
