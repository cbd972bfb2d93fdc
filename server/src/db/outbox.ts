import { randomUUID } from 'node:crypto';
import type { OutboxMessage, StaffOutboxMessage, StaffOutboxStatus } from '../../../contract';
import type { Queryable } from './client';
import { iso, isoOrNull, num } from './rows';

export interface NewOutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  /**
   * Names the message once for good: writing it again with the same key adds nothing, and
   * providers that accept a key drop a repeat. A fresh one is made when none is given.
   */
  key?: string;
  /** It carries a sign-in or activation code: the owner's list shows no subject for it. */
  secret?: boolean;
  /** After this it is useless (its code has expired): it is given up on, not sent late. */
  expiresAt?: Date;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead';

interface OutboxRow {
  to_address: string;
  channel: 'email' | 'sms';
  subject: string;
  body: string;
  created_at: unknown;
}

/**
 * Writes one message. With `due` it waits for a sender (pending, due then); without, it is
 * delivered by being written: the demo outbox. Returns false when its key was already there.
 */
export async function insertOutboxMessage(
  db: Queryable,
  message: NewOutboxMessage,
  queued: { due: Date } | null = null,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO outbox (to_address, channel, subject, body, idempotency_key, secret, status,
                         route, due_at, expires_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $7 = 'sent' THEN now() END)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [
      message.to,
      message.channel,
      message.subject,
      message.text,
      message.key ?? randomUUID(),
      message.secret ?? false,
      queued ? 'pending' : 'sent',
      queued ? null : 'outbox',
      queued?.due ?? null,
      message.expiresAt ?? null,
    ],
  );
  return rows.length > 0;
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

// ------------------------------------------------------------------ the sender's side

export interface ClaimedMessage {
  id: number;
  key: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  /** Tries so far, this one included. */
  attempts: number;
  /** The row's lease had run out: an earlier try may or may not have reached the provider. */
  reclaimed: boolean;
  expiresAt: Date | null;
}

interface ClaimRow {
  id: unknown;
  idempotency_key: string;
  to_address: string;
  channel: 'email' | 'sms';
  subject: string;
  body: string;
  attempts: unknown;
  expires_at: unknown;
  was: OutboxStatus;
}

/**
 * Takes up to `limit` due messages of the given channels for one sender until `leaseUntil`.
 * SKIP LOCKED lets servers claim side by side without waiting and without ever taking the
 * same row; a row whose sender vanished mid-send comes back once its lease has run out.
 */
export async function claimDueMessages(
  db: Queryable,
  options: {
    channels: ('email' | 'sms')[];
    now: Date;
    leaseUntil: Date;
    limit: number;
    claim: string;
  },
): Promise<ClaimedMessage[]> {
  const rows = await db.query<ClaimRow>(
    `WITH due AS (
       SELECT id, status FROM outbox
        WHERE status IN ('pending', 'sending') AND due_at <= $1 AND channel = ANY($2::text[])
        ORDER BY due_at, id LIMIT $3
        FOR UPDATE SKIP LOCKED
     )
     UPDATE outbox o SET status = 'sending', attempts = o.attempts + 1, due_at = $4, claim = $5
       FROM due WHERE o.id = due.id
     RETURNING o.id, o.idempotency_key, o.to_address, o.channel, o.subject, o.body, o.attempts,
               o.expires_at, due.status AS was`,
    [options.now, options.channels, options.limit, options.leaseUntil, options.claim],
  );
  return rows
    .map((r) => ({
      id: num(r.id),
      key: r.idempotency_key,
      to: r.to_address,
      channel: r.channel,
      subject: r.subject,
      text: r.body,
      attempts: num(r.attempts),
      reclaimed: r.was === 'sending',
      expiresAt: r.expires_at === null ? null : new Date(iso(r.expires_at)),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Records a delivery. A sender whose lease ran out may still learn that its try went
 * through after the row was given up on: it was delivered, so it says so.
 */
export async function markSent(
  db: Queryable,
  id: number,
  claim: string,
  done: { route: string; providerId: string | null; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE outbox SET status = 'sent', route = $3, provider_id = $4, sent_at = $5,
                       due_at = NULL, last_error = NULL
      WHERE id = $1 AND (claim = $2 OR status = 'dead')`,
    [id, claim, done.route, done.providerId, done.at],
  );
}

/** A failed try: pending again from `retryAt`, or dead when retryAt is null. */
export async function markFailed(
  db: Queryable,
  id: number,
  claim: string,
  failure: { route: string; error: string; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE outbox SET status = $4, due_at = $5, last_error = $6, route = $3
      WHERE id = $1 AND claim = $2 AND status = 'sending'`,
    [
      id,
      claim,
      failure.route,
      failure.retryAt ? 'pending' : 'dead',
      failure.retryAt,
      failure.error.slice(0, 500),
    ],
  );
}

/** Messages waiting to go (pending or being sent): the backlog. */
export async function outboxBacklog(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')",
  );
  return num(rows[0]?.n ?? 0);
}

interface StaffRow {
  id: unknown;
  to_address: string;
  channel: 'email' | 'sms';
  subject: string;
  secret: boolean;
  status: OutboxStatus;
  route: string | null;
  attempts: unknown;
  last_error: string | null;
  created_at: unknown;
  due_at: unknown;
  sent_at: unknown;
}

/** The owner's view: no message bodies, and no subject for messages that carry a code. */
export async function listOutboxForStaff(
  db: Queryable,
  filter: { status: StaffOutboxStatus | 'all'; limit: number; offset: number },
): Promise<{ messages: StaffOutboxMessage[]; total: number }> {
  const status = filter.status === 'all' ? null : filter.status;
  const counted = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM outbox WHERE $1::text IS NULL OR status = $1::text',
    [status],
  );
  const rows = await db.query<StaffRow>(
    `SELECT id, to_address, channel, subject, secret, status, route, attempts, last_error,
            created_at, due_at, sent_at
       FROM outbox WHERE $1::text IS NULL OR status = $1::text
      ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [status, filter.limit, filter.offset],
  );
  return {
    total: num(counted[0]?.n ?? 0),
    messages: rows.map((r) => ({
      id: num(r.id),
      to: r.to_address,
      channel: r.channel,
      subject: r.secret ? 'A sign-in or activation code (hidden)' : r.subject,
      status: r.status,
      route: r.route,
      attempts: num(r.attempts),
      last_error: r.last_error,
      created_at: iso(r.created_at),
      next_attempt_at: r.status === 'pending' ? isoOrNull(r.due_at) : null,
      sent_at: isoOrNull(r.sent_at),
    })),
  };
}
