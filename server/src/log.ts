/**
 * Where the server's log goes, and the one place its logger options are made.
 *
 * Logging must never stop the shop. pino's default destination writes synchronously: on a
 * full disk (ENOSPC) or a pipe nobody reads (EAGAIN) it either throws from inside a request
 * or retries in a loop that holds the event loop, so nothing is answered and SIGTERM is never
 * seen. Here lines are queued in memory (bounded) and written in the background, one write
 * at a time; a write that fails keeps what is queued and tries again later, lines that do not
 * fit are dropped and counted, and once writing works again the log says how many were lost.
 */
import fs from 'node:fs';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config';

/** Writes a chunk somewhere; calls done with the bytes written or the error. */
export type ChunkWriter = (
  chunk: Buffer,
  done: (error: NodeJS.ErrnoException | null, written: number) => void,
) => void;

export interface LogOutputOptions {
  write: ChunkWriter;
  /** How much may wait in memory while writing fails; lines beyond it are dropped. */
  maxQueuedBytes?: number;
  /** Runs fn again later after a failed write (a timer that never keeps the process alive). */
  retryLater?: (fn: () => void) => void;
  /** Told once writing works again after lines were dropped. */
  onRecovered?: (dropped: number, reason: string) => void;
}

const DEFAULT_MAX_QUEUED_BYTES = 1024 * 1024;
const RETRY_MS = 1000;
/** Larger writes are split, as a pipe or a container's log reader takes them in pieces. */
const MAX_CHUNK_BYTES = 64 * 1024;

function retryAfterASecond(fn: () => void): void {
  setTimeout(fn, RETRY_MS).unref();
}

/** A pino destination that never blocks and never throws (see the top of this file). */
export class LogOutput {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private retryPending = false;
  private droppedLines = 0;
  /** Set while onRecovered runs: its line is written whatever the queue holds. */
  private reporting = false;
  private lastFailure: string | null = null;
  private readonly maxQueuedBytes: number;
  private readonly retryLater: (fn: () => void) => void;
  onRecovered: ((dropped: number, reason: string) => void) | null;

  constructor(private readonly options: LogOutputOptions) {
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.retryLater = options.retryLater ?? retryAfterASecond;
    this.onRecovered = options.onRecovered ?? null;
  }

  /** Lines dropped since writing last worked. */
  get dropped(): number {
    return this.droppedLines;
  }

  /** Bytes waiting to be written. */
  get queued(): number {
    return this.queuedBytes;
  }

  /** pino calls this with each line. Always returns at once. */
  write(line: string): boolean {
    const bytes = Buffer.from(line, 'utf8');
    if (!this.reporting && this.queuedBytes + bytes.length > this.maxQueuedBytes) {
      this.droppedLines += 1;
      return false;
    }
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    // While writes fail, the retry decides when to try again, not every new line.
    if (!this.retryPending) this.writeNext();
    return true;
  }

  private writeNext(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const chunk = this.takeChunk();
    let answered = false;
    const done = (error: NodeJS.ErrnoException | null, written: number) => {
      if (answered) return;
      answered = true;
      this.writing = false;
      if (error) {
        this.failed(chunk, error);
        return;
      }
      if (written < chunk.length) this.putBack(chunk.subarray(written));
      this.recovered();
      this.writeNext();
    };
    try {
      this.options.write(chunk, done);
    } catch (error) {
      done(error as NodeJS.ErrnoException, 0);
    }
  }

  /** Up to MAX_CHUNK_BYTES of whole queued lines (a longer line alone), taken off the queue. */
  private takeChunk(): Buffer {
    const parts: Buffer[] = [];
    let size = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0] as Buffer;
      if (parts.length > 0 && size + next.length > MAX_CHUNK_BYTES) break;
      parts.push(next);
      size += next.length;
      this.queue.shift();
    }
    this.queuedBytes -= size;
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
  }

  private putBack(rest: Buffer): void {
    this.queue.unshift(rest);
    this.queuedBytes += rest.length;
  }

  private failed(chunk: Buffer, error: NodeJS.ErrnoException): void {
    this.putBack(chunk);
    this.lastFailure = error.code ?? error.message;
    if (this.retryPending) return;
    this.retryPending = true;
    this.retryLater(() => {
      this.retryPending = false;
      this.writeNext();
    });
  }

  private recovered(): void {
    const reason = this.lastFailure;
    this.lastFailure = null;
    const dropped = this.droppedLines;
    if (dropped === 0) return;
    this.droppedLines = 0;
    this.reporting = true;
    try {
      this.onRecovered?.(dropped, reason ?? 'the log could not keep up');
    } finally {
      this.reporting = false;
    }
  }
}

/** Writes to a file descriptor in libuv's thread pool: a slow disk holds a pool thread, never the event loop. */
export function fileDescriptorWriter(fd: number): ChunkWriter {
  return (chunk, done) => fs.write(fd, chunk, 0, chunk.length, null, (error, n) => done(error, n));
}

/** The server's standard output as a LogOutput, made once per process. */
let standardOutput: LogOutput | null = null;

export function standardLogOutput(): LogOutput {
  if (standardOutput) return standardOutput;
  const output = new LogOutput({ write: fileDescriptorWriter(1) });
  const reporter = pino({ level: 'warn' }, output);
  output.onRecovered = (dropped, reason) =>
    reporter.warn(
      { droppedLines: dropped, reason },
      `${dropped} log line${dropped === 1 ? ' was' : 's were'} dropped while the log could not be written (${reason})`,
    );
  standardOutput = output;
  return output;
}

function ignoreStreamError(): void {
  // The line is lost either way; an 'error' event nobody hears would end the process.
}

/**
 * console writes standard output and error as streams that report a failed write (ENOSPC on
 * a full disk, EPIPE once the reader has gone) as an 'error' event, after console has
 * stopped listening: unheard, it ends the process. The server's own few lines (ready,
 * stopping) are worth less than the shop staying up.
 */
export function hearStandardStreamErrors(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (!stream.listeners('error').includes(ignoreStreamError))
      stream.on('error', ignoreStreamError);
  }
}

/**
 * Fastify's logger: JSON lines (pino) at LOG_LEVEL on standard output (or on the stream a test
 * reads), or none.
 */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return { level: config.logLevel, stream: stream ?? standardLogOutput() };
}
