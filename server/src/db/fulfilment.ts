/** Order events, notifications and back-in-stock alerts: plain SQL over migration 006. */
import type { Notification, OrderEvent } from '../../../contract';
import type { Queryable } from './client';
import { iso, isoOrNull, num, numOrNull } from './rows';

export interface NewOrderEvent {
  orderId: number;
  kind: OrderEvent['kind'];
  status: string;
  note?: string;
  actorUserId: number | null;
}

export async function insertOrderEvent(db: Queryable, e: NewOrderEvent): Promise<void> {
  await db.query(
    `INSERT INTO order_events (order_id, kind, status, note, actor_user_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.orderId, e.kind, e.status, e.note ?? '', e.actorUserId],
  );
}

export interface OrderEventRecord {
  orderId: number;
  kind: OrderEvent['kind'];
  status: string;
  note: string;
  at: string;
  actor: { id: number; name: string; email: string } | null;
}

export async function listOrderEvents(
  db: Queryable,
  orderIds: number[],
): Promise<Map<number, OrderEventRecord[]>> {
  const out = new Map<number, OrderEventRecord[]>();
  if (orderIds.length === 0) return out;
  const rows = await db.query<{
    order_id: unknown;
    kind: OrderEvent['kind'];
    status: string;
    note: string;
    created_at: unknown;
    actor_id: unknown;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>(
    `SELECT e.order_id, e.kind, e.status, e.note, e.created_at, u.id AS actor_id, u.first_name,
            u.last_name, u.email
       FROM order_events e LEFT JOIN users u ON u.id = e.actor_user_id
      WHERE e.order_id = ANY($1::int[]) ORDER BY e.order_id, e.id`,
    [orderIds],
  );
  for (const r of rows) {
    const orderId = num(r.order_id);
    const actorId = numOrNull(r.actor_id);
    const list = out.get(orderId) ?? [];
    list.push({
      orderId,
      kind: r.kind,
      status: r.status,
      note: r.note,
      at: iso(r.created_at),
      actor:
        actorId === null
          ? null
          : { id: actorId, name: `${r.first_name} ${r.last_name}`, email: r.email ?? '' },
    });
    out.set(orderId, list);
  }
  return out;
}

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  orderId?: number | null;
  productId?: number | null;
  link?: string;
}

export async function insertNotification(db: Queryable, n: NewNotification): Promise<void> {
  await db.query(
    `INSERT INTO notifications (user_id, kind, title, body, order_id, product_id, link)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [n.userId, n.kind, n.title, n.body, n.orderId ?? null, n.productId ?? null, n.link ?? ''],
  );
}

export async function listNotifications(
  db: Queryable,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number; unread: number }> {
  const rows = await db.query<{
    id: unknown;
    kind: string;
    title: string;
    body: string;
    order_id: unknown;
    product_id: unknown;
    link: string;
    read_at: unknown;
    created_at: unknown;
  }>(
    `SELECT id, kind, title, body, order_id, product_id, link, read_at, created_at
       FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  const counts = await db.query<{ total: unknown; unread: unknown }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
       FROM notifications WHERE user_id = $1`,
    [userId],
  );
  return {
    notifications: rows.map((r) => ({
      id: num(r.id),
      kind: r.kind,
      title: r.title,
      body: r.body,
      order_id: numOrNull(r.order_id),
      product_id: numOrNull(r.product_id),
      link: r.link,
      read: r.read_at !== null,
      created_at: iso(r.created_at),
    })),
    total: num(counts[0]?.total ?? 0),
    unread: num(counts[0]?.unread ?? 0),
  };
}

/** false when the notification is not the shopper's (or does not exist). */
export async function markNotificationRead(
  db: Queryable,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE notifications SET read_at = COALESCE(read_at, now())
      WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId],
  );
  return rows.length === 1;
}

export async function markAllNotificationsRead(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
}

/** Subscribing again after being told starts a new wait. */
export async function subscribeStockAlert(
  db: Queryable,
  userId: number,
  productId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO stock_alerts (user_id, product_id) VALUES ($1, $2)
     ON CONFLICT (user_id, product_id) DO UPDATE
       SET created_at = now(), back_at = NULL, notified_at = NULL
       WHERE stock_alerts.notified_at IS NOT NULL`,
    [userId, productId],
  );
}

export async function unsubscribeStockAlert(
  db: Queryable,
  userId: number,
  productId: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM stock_alerts WHERE user_id = $1 AND product_id = $2 RETURNING product_id',
    [userId, productId],
  );
  return rows.length === 1;
}

export async function listStockAlerts(db: Queryable, userId: number) {
  const rows = await db.query<{
    product_id: unknown;
    slug: string;
    name: string;
    inventory_stock: unknown;
    created_at: unknown;
    notified_at: unknown;
  }>(
    `SELECT a.product_id, p.slug, p.name, p.inventory_stock, a.created_at, a.notified_at
       FROM stock_alerts a JOIN products p ON p.id = a.product_id
      WHERE a.user_id = $1 ORDER BY a.created_at DESC, a.product_id`,
    [userId],
  );
  return rows.map((r) => ({
    product_id: num(r.product_id),
    slug: r.slug,
    name: r.name,
    in_stock: num(r.inventory_stock) > 0,
    created_at: iso(r.created_at),
    notified_at: isoOrNull(r.notified_at),
  }));
}

export interface DueStockAlert {
  userId: number;
  email: string;
  firstName: string;
  productId: number;
  slug: string;
  name: string;
}

/**
 * Claims every alert whose product came back (the trigger set back_at) and that nobody has
 * told yet. The UPDATE claims each row once, so two servers sweeping together never both
 * tell a shopper; a product that sold out again before the sweep is left for its next return.
 */
export async function claimDueStockAlerts(db: Queryable): Promise<DueStockAlert[]> {
  const rows = await db.query<{
    user_id: unknown;
    email: string;
    first_name: string;
    product_id: unknown;
    slug: string;
    name: string;
  }>(
    `WITH due AS (
       UPDATE stock_alerts a SET notified_at = now()
         FROM products p
        WHERE p.id = a.product_id AND a.back_at IS NOT NULL AND a.notified_at IS NULL
          AND p.inventory_stock > 0 AND p.archived_at IS NULL
        RETURNING a.user_id, a.product_id)
     SELECT d.user_id, u.email, u.first_name, d.product_id, p.slug, p.name
       FROM due d JOIN users u ON u.id = d.user_id JOIN products p ON p.id = d.product_id
      ORDER BY d.product_id, d.user_id`,
  );
  return rows.map((r) => ({
    userId: num(r.user_id),
    email: r.email,
    firstName: r.first_name,
    productId: num(r.product_id),
    slug: r.slug,
    name: r.name,
  }));
}
