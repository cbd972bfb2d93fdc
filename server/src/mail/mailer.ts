/**
 * Where emails and text messages go. Every message is written to the outbox table first.
 * A channel with a route (SMTP, Termii, Africa's Talking or the JSON relay, see config.ts)
 * leaves it pending for the sender (sender.ts), which delivers it with retries; a channel
 * without one is delivered by being written: the demo outbox, listed at GET /api/dev/outbox
 * and printed on the console, so the whole product works offline.
 */
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/client';
import { insertOutboxMessage, type NewOutboxMessage } from '../db/outbox';
import { createOutboxSender, type OutboxSender } from './sender';
import { smsText } from './sms';
import {
  createAfricasTalkingTransport,
  createRelayTransport,
  createSmtpTransport,
  createTermiiTransport,
  type Transport,
} from './transports';

export type OutgoingMessage = NewOutboxMessage;

export interface Mailer {
  /**
   * Queues one message. Given the transaction of what caused it, the message is written in
   * it: it goes out if and only if that commits.
   */
  send(message: OutgoingMessage, q?: Queryable): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export function createOutboxMailer(
  db: Database,
  print: ((line: string) => void) | null,
  queue: {
    channels: ReadonlySet<'email' | 'sms'>;
    clock: Clock;
    onQueued: () => void;
  } | null = null,
): Mailer {
  return {
    async send(original, q) {
      // What the outbox keeps is what the shopper gets: an SMS already in GSM-7.
      const message =
        original.channel === 'sms' ? { ...original, text: smsText(original.text) } : original;
      if (queue?.channels.has(message.channel)) {
        await insertOutboxMessage(q ?? db, message, { due: queue.clock.now() });
        queue.onQueued();
        return;
      }
      await insertOutboxMessage(q ?? db, message);
      print?.(
        `[outbox] ${message.channel} to ${message.to}: ${message.subject}\n${message.text
          .split('\n')
          .map((line) => `         ${line}`)
          .join('\n')}`,
      );
    },
  };
}

/** The transport of each channel that has a route in the settings. */
export function transportsFromConfig(
  config: Config,
  fetchImpl?: typeof fetch,
): Partial<Record<'email' | 'sms', Transport>> {
  const relay = config.mailWebhook
    ? createRelayTransport({ ...config.mailWebhook, fetch: fetchImpl })
    : null;
  const { email, sms } = config.messaging;
  const transports: Partial<Record<'email' | 'sms', Transport>> = {};
  if (email?.kind === 'smtp') transports.email = createSmtpTransport(email);
  else if (email?.kind === 'relay' && relay) transports.email = relay;
  if (sms?.kind === 'termii') transports.sms = createTermiiTransport({ ...sms, fetch: fetchImpl });
  else if (sms?.kind === 'africastalking') {
    transports.sms = createAfricasTalkingTransport({ ...sms, fetch: fetchImpl });
  } else if (sms?.kind === 'relay' && relay) transports.sms = relay;
  return transports;
}

/** The mailer and its sender, as the settings ask for them. */
export function createMessaging(
  config: Config,
  deps: {
    db: Database;
    clock: Clock;
    print: ((line: string) => void) | null;
    fetch?: typeof fetch;
    log?: Parameters<typeof createOutboxSender>[0]['log'];
  },
): { mailer: Mailer; sender: OutboxSender } {
  const transports = transportsFromConfig(config, deps.fetch);
  const sender = createOutboxSender({
    db: deps.db,
    clock: deps.clock,
    transports,
    maxAttempts: config.messaging.maxAttempts,
    log: deps.log,
  });
  const channels = new Set((['email', 'sms'] as const).filter((c) => transports[c]));
  const mailer = createOutboxMailer(
    deps.db,
    deps.print,
    channels.size > 0 ? { channels, clock: deps.clock, onQueued: () => sender.kick() } : null,
  );
  return { mailer, sender };
}
