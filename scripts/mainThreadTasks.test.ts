import { pageWindow, taskTime, type TraceEvent } from './mainThreadTasks';

const URL = 'http://127.0.0.1:4000/shop';
const MAIN = { pid: 10, tid: 10 };
const OTHER = { pid: 20, tid: 20 };

function task(ts: number, dur: number, thread = MAIN, name = 'RunTask'): TraceEvent {
  return { name, ph: 'X', ts, dur, ...thread };
}

function navigationStart(ts: number, url: string, thread = MAIN, frame = 'F1'): TraceEvent {
  return {
    name: 'navigationStart',
    cat: 'blink.user_timing',
    ph: 'R',
    ts,
    ...thread,
    args: { frame, data: { documentLoaderURL: url, isLoadingMainFrame: true } },
  };
}

function mark(name: string, ts: number, thread = MAIN, frame = 'F1'): TraceEvent {
  return { name, cat: 'blink.user_timing', ph: 'R', ts, ...thread, args: { frame } };
}

describe('pageWindow', () => {
  const events = [
    navigationStart(500, ''),
    navigationStart(1_000, URL),
    navigationStart(1_100, URL, OTHER, 'F2'),
    mark('loadEventEnd', 400),
    mark('loadEventEnd', 1_050, OTHER, 'F2'),
    mark('loadEventEnd', 9_000),
    mark('settled', 12_000),
  ];

  it('runs from the page navigation to its own load event, on the thread that navigated', () => {
    expect(pageWindow(events, URL)).toEqual({ pid: 10, tid: 10, start: 1_000, end: 9_000 });
  });

  it('ends at the page mark when one is named', () => {
    expect(pageWindow(events, URL, 'settled')).toMatchObject({ start: 1_000, end: 12_000 });
  });

  it('says what is missing when the trace has no such navigation or end', () => {
    expect(() => pageWindow(events, 'http://127.0.0.1:4000/faq')).toThrow(
      'The trace has no navigation to http://127.0.0.1:4000/faq.',
    );
    expect(() => pageWindow(events, URL, 'never')).toThrow('no mark "never"');
  });
});

describe('taskTime', () => {
  const window = { ...MAIN, start: 1_000, end: 10_000 };

  it('sums the main thread tasks inside the window, in milliseconds', () => {
    expect(taskTime([task(2_000, 1_500), task(5_000, 500)], window)).toBe(2);
  });

  it('counts a task recorded under both of its names once', () => {
    const events = [
      task(2_000, 3_000, MAIN, 'ThreadControllerImpl::RunTask'),
      task(2_010, 2_980, MAIN, 'RunTask'),
    ];
    expect(taskTime(events, window)).toBe(3);
  });

  it('counts only the part of a task inside the window', () => {
    expect(taskTime([task(500, 1_000), task(9_500, 2_000)], window)).toBe(1);
  });

  it('leaves out other threads, other event names and unfinished tasks', () => {
    const events: TraceEvent[] = [
      task(2_000, 1_000, OTHER),
      task(2_000, 1_000, { pid: 10, tid: 11 }),
      task(2_000, 1_000, MAIN, 'ThreadPool_RunTask'),
      { name: 'RunTask', ph: 'B', ts: 3_000, ...MAIN },
      task(4_000, 1_000),
    ];
    expect(taskTime(events, window)).toBe(1);
  });
});
