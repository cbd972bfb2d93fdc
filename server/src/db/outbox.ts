import type { OutboxMessage } from '../../../contract';
import type { Queryable } from './client';
import { iso } from './rows';

export interface NewOutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
}

interface OutboxRow {
  to_address: string;
  channel: 'email' | 'sms';
  subject: string;
  body: string;
  created_at: unknown;
}

export async function insertOutboxMessage(db: Queryable, message: NewOutboxMessage): Promise<void> {
  await db.query(
    'INSERT INTO outbox (to_address, channel, subject, body) VALUES ($1, $2, $3, $4)',
    [message.to, message.channel, message.subject, message.text],
  );
}

/** Newest first; `to` matches the address exactly (emails case-insensitively). */
export async function listOutbox(
  db: Queryable,
  to?: string,
  limit = 200,
): Promise<OutboxMessage[]> {
  const rows = await db.query<OutboxRow>(
    `SELECT to_address, channel, subject, body, created_at FROM outbox
      WHERE $1::text IS NULL OR lower(to_address) = lower($1::text)
      ORDER BY id DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    to: r.to_address,
    channel: r.channel,
    subject: r.subject,
    text: r.body,
    created_at: iso(r.created_at),
  }));
}

/** How many messages the outbox holds, for the metrics. */
export async function countOutbox(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM outbox');
  return Number(rows[0]?.n ?? 0);
}
