/**
 * Delivers the outbox: claims due messages with a lease, hands each to its channel's
 * transport, and records the outcome. A message that fails is tried again after a delay
 * that doubles each time (up to a cap), and after the last try, or at once when the
 * provider refuses it for good, it is dead: kept for the owner to see, never sent.
 *
 * At least once, never twice: a message is marked sent only after its provider took it, so
 * a crash in between means another try; that try carries the same idempotency key, and
 * where a provider cannot take a key (Termii, Africa's Talking), a try whose outcome is
 * unknown is not repeated: the message goes to the dead letters instead of to the shopper
 * a second time.
 */
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { claimDueMessages, markFailed, markSent, type ClaimedMessage } from '../db/outbox';
import { DeliveryFailure, type Transport } from './transports';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;
type Channel = 'email' | 'sms';

/** The first retry waits this long; each later one twice the one before. */
export const RETRY_BASE_SECONDS = 30;
/** No wait between tries is longer than this. */
export const RETRY_CAP_SECONDS = 30 * 60;
/** A claimed message is another sender's to take again after this long without an outcome. */
export const LEASE_SECONDS = 120;
const BATCH_SIZE = 10;

/** The wait after a message's `attempts`-th failed try. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_CAP_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
}

export interface DrainResult {
  sent: number;
  retrying: number;
  dead: number;
}

export interface OutboxSender {
  /** Delivers every message due now, batch after batch, until none is left. */
  drain(): Promise<DrainResult>;
  /** Starts a drain soon (after a message was queued); a no-op until start(). */
  kick(): void;
  /** Drains every pollMs, and on kick(), until stop(). */
  start(pollMs: number): void;
  /** Stops polling and waits for the messages in hand to be recorded. */
  stop(): Promise<void>;
}

export function createOutboxSender(options: {
  db: Database;
  clock: Clock;
  transports: Partial<Record<Channel, Transport>>;
  maxAttempts: number;
  log?: Log;
}): OutboxSender {
  const { db, clock, transports, maxAttempts, log } = options;
  const channels = (['email', 'sms'] as const).filter((c) => transports[c] !== undefined);

  async function deliverOne(
    message: ClaimedMessage,
    claim: string,
    result: DrainResult,
  ): Promise<void> {
    const transport = transports[message.channel] as Transport;
    const route = transport.route;
    if (message.expiresAt && message.expiresAt <= clock.now()) {
      await markFailed(db, message.id, claim, {
        route,
        retryAt: null,
        error: 'Its code expired before it could be delivered; the shopper can ask for a new one.',
      });
      result.dead += 1;
      return;
    }
    if (message.reclaimed && !transport.acceptsKey) {
      await markFailed(db, message.id, claim, {
        route,
        retryAt: null,
        error:
          'An earlier try got no answer, so the message may already have reached the shopper; it was not sent again.',
      });
      result.dead += 1;
      return;
    }
    let failure: DeliveryFailure;
    try {
      const { providerId } = await transport.deliver(message);
      await markSent(db, message.id, claim, { route, providerId, at: clock.now() });
      result.sent += 1;
      return;
    } catch (error) {
      failure =
        error instanceof DeliveryFailure
          ? error
          : new DeliveryFailure(
              `Sending failed: ${(error as Error | undefined)?.message}`,
              'unclear',
            );
    }
    const unclearWithoutKey = failure.kind === 'unclear' && !transport.acceptsKey;
    const lastTry = message.attempts >= maxAttempts;
    if (failure.kind === 'permanent' || unclearWithoutKey || lastTry) {
      const why = unclearWithoutKey
        ? `${failure.message}; it may have reached the shopper, so it was not sent again`
        : lastTry && failure.kind !== 'permanent'
          ? `Gave up after ${message.attempts} tries: ${failure.message}`
          : failure.message;
      await markFailed(db, message.id, claim, { route, retryAt: null, error: why });
      // The reason may quote an address: it stays in the outbox, for the owner's list.
      log?.warn({ outboxId: message.id, route }, 'message given up');
      result.dead += 1;
      return;
    }
    const retryAt = new Date(clock.now().getTime() + retryDelaySeconds(message.attempts) * 1000);
    await markFailed(db, message.id, claim, { route, retryAt, error: failure.message });
    result.retrying += 1;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, dead: 0 };
    if (channels.length === 0) return result;
    for (;;) {
      const now = clock.now();
      const claim = randomUUID();
      const batch = await claimDueMessages(db, {
        channels,
        now,
        leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
        limit: BATCH_SIZE,
        claim,
      });
      if (batch.length === 0) return result;
      await Promise.all(batch.map((m) => deliverOne(m, claim, result)));
    }
  }

  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  // A kick may come from inside a request's database transaction; the drain must run
  // outside it, in the context start() was called from.
  let runBound: (() => void) | null = null;

  // Read through a function: a kick may set these while a drain is awaited.
  const moreToDo = () => again && started;

  function run(): void {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (error) {
          log?.error({ err: error }, 'outbox delivery failed');
        }
      } while (moreToDo());
    })().finally(() => {
      running = null;
    });
  }

  return {
    drain,
    kick() {
      runBound?.();
    },
    start(pollMs) {
      if (started || channels.length === 0) return;
      started = true;
      runBound = AsyncResource.bind(run);
      timer = setInterval(runBound, pollMs);
      timer.unref();
      runBound();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      for (const c of channels) transports[c]?.close?.();
    },
  };
}
