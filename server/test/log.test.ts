/**
 * The log never stops the shop: a full disk or a blocked output drops lines (counted) instead
 * of holding the event loop or throwing, and the log says how many were lost once it can.
 */
import pino from 'pino';
import { LogOutput, loggerOptions, type ChunkWriter } from '../src/log';
import { testConfig } from './helpers';

/** An output that fails with `code` until told to work, and keeps what it was given. */
function fakeOutput(code: string | null) {
  const state = {
    failWith: code,
    /** Accept only this many bytes per write (a pipe taking part of a chunk). */
    partial: Infinity,
    written: '',
    attempts: 0,
    /** Calls that have not been answered, for an output that never answers. */
    hold: false,
    held: [] as (() => void)[],
  };
  const write: ChunkWriter = (chunk, done) => {
    state.attempts += 1;
    const answer = () => {
      if (state.failWith) {
        const error = new Error(`${state.failWith}: write failed`) as NodeJS.ErrnoException;
        error.code = state.failWith;
        done(error, 0);
        return;
      }
      const n = Math.min(chunk.length, state.partial);
      state.written += chunk.subarray(0, n).toString('utf8');
      done(null, n);
    };
    if (state.hold) state.held.push(answer);
    else answer();
  };
  return { state, write };
}

/** Retries that run when the test says, not after a time. */
function manualRetries() {
  const waiting: (() => void)[] = [];
  return {
    retryLater: (fn: () => void) => waiting.push(fn),
    runAll: () => waiting.splice(0).forEach((fn) => fn()),
    get pending() {
      return waiting.length;
    },
  };
}

const line = (n: number) => `{"msg":"line ${n}"}\n`;

test.each(['ENOSPC', 'EAGAIN', 'EPIPE'])(
  'with the output failing (%s) lines beyond the queue are dropped and counted, then reported',
  (code) => {
    const out = fakeOutput(code);
    const retries = manualRetries();
    const reports: [number, string][] = [];
    const log = new LogOutput({
      write: out.write,
      maxQueuedBytes: line(0).length * 3,
      retryLater: retries.retryLater,
      onRecovered: (dropped, reason) => reports.push([dropped, reason]),
    });

    for (let n = 0; n < 10; n++) expect(() => log.write(line(n))).not.toThrow();
    // One attempt, then the retry decides: no write per line against a full disk.
    expect(out.state.attempts).toBe(1);
    expect(retries.pending).toBe(1);
    expect(log.dropped).toBe(7);
    expect(log.queued).toBe(line(0).length * 3);

    // Still failing: the retry tries once and waits again; nothing is reported yet.
    retries.runAll();
    expect(out.state.attempts).toBe(2);
    expect(retries.pending).toBe(1);
    expect(reports).toEqual([]);

    out.state.failWith = null;
    retries.runAll();
    expect(out.state.written).toBe(line(0) + line(1) + line(2));
    expect(reports).toEqual([[7, code]]);
    expect(log.dropped).toBe(0);
    expect(log.queued).toBe(0);

    // Writing works: lines go straight out, nothing more is reported.
    log.write(line(10));
    expect(out.state.written.endsWith(line(10))).toBe(true);
    expect(reports).toHaveLength(1);
  },
);

test('an output that never answers holds no caller: lines queue up to the bound, then drop', () => {
  const out = fakeOutput(null);
  out.state.hold = true;
  const log = new LogOutput({ write: out.write, maxQueuedBytes: 1024 });
  const started = out.state.attempts;
  for (let n = 0; n < 1000; n++) log.write(line(n));
  expect(out.state.attempts - started).toBe(1);
  expect(log.queued).toBeLessThanOrEqual(1024);
  expect(log.dropped).toBeGreaterThan(900);
  // It answers at last: the rest follows in order.
  out.state.hold = false;
  out.state.held.splice(0).forEach((answer) => answer());
  expect(out.state.written.startsWith(line(0) + line(1))).toBe(true);
  expect(log.queued).toBe(0);
});

test('a write that takes part of a chunk is continued where it stopped', () => {
  const out = fakeOutput(null);
  out.state.partial = 5;
  const log = new LogOutput({ write: out.write });
  log.write(line(1));
  log.write(line(2));
  expect(out.state.written).toBe(line(1) + line(2));
});

test('a writer that throws is a failed write, never an exception for the caller', () => {
  const retries = manualRetries();
  let fail = true;
  const written: string[] = [];
  const log = new LogOutput({
    write: (chunk, done) => {
      if (fail) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
      written.push(chunk.toString());
      done(null, chunk.length);
    },
    retryLater: retries.retryLater,
  });
  expect(() => log.write(line(1))).not.toThrow();
  fail = false;
  retries.runAll();
  expect(written).toEqual([line(1)]);
});

test('through pino, the report is a warning line that says how many were lost and why', () => {
  const out = fakeOutput('ENOSPC');
  const retries = manualRetries();
  // Room for one line of pino's while the disk is full.
  const log = new LogOutput({
    write: out.write,
    maxQueuedBytes: 120,
    retryLater: retries.retryLater,
  });
  const logger = pino({ level: 'info' }, log);
  log.onRecovered = (dropped, reason) =>
    logger.warn({ droppedLines: dropped, reason }, `${dropped} log lines were dropped`);
  logger.error('the disk is full');
  logger.error('still full');
  logger.info('still full');
  expect(log.dropped).toBe(2);

  out.state.failWith = null;
  retries.runAll();
  const lines = out.state.written
    .trim()
    .split('\n')
    .map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(lines).toEqual([
    expect.objectContaining({ level: 50, msg: 'the disk is full' }),
    expect.objectContaining({
      level: 40,
      droppedLines: 2,
      reason: 'ENOSPC',
      msg: '2 log lines were dropped',
    }),
  ]);
  expect(log.dropped).toBe(0);
});

test('the server logs through the non-blocking output, and not at all when silent', () => {
  const options = loggerOptions(testConfig({ LOG_LEVEL: 'warn' }));
  expect(options).toEqual({ level: 'warn', stream: expect.any(LogOutput) });
  expect(loggerOptions(testConfig({ LOG_LEVEL: 'silent' }))).toBe(false);
});
