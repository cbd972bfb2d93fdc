/**
 * Where emails and text messages go. Without mail settings everything lands in the outbox
 * table (listed at GET /api/dev/outbox and printed on the console), so the whole product
 * works offline; with MAIL_WEBHOOK_URL each message is posted as JSON to a relay that
 * delivers it (an SMTP or SMS gateway of the shop's choice).
 */
import type { Database } from '../db/client';
import { insertOutboxMessage, type NewOutboxMessage } from '../db/outbox';

export type OutgoingMessage = NewOutboxMessage;

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export function createOutboxMailer(db: Database, print: ((line: string) => void) | null): Mailer {
  return {
    async send(message) {
      await insertOutboxMessage(db, message);
      print?.(
        `[outbox] ${message.channel} to ${message.to}: ${message.subject}\n${message.text
          .split('\n')
          .map((line) => `         ${line}`)
          .join('\n')}`,
      );
    },
  };
}

export function createWebhookMailer(options: {
  url: string;
  token: string | null;
  fetch?: typeof fetch;
}): Mailer {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MailDeliveryError(`Mail relay unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new MailDeliveryError(`Mail relay answered ${response.status}`);
    },
  };
}
