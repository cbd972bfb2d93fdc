/** The back office's change log (migration 011): written beside every change, never edited. */
import type { ChangeAction } from '../../../contract';
import type { Queryable } from './client';

export interface Change {
  /** The owner or staff member who made it; null for the shop itself (a script, a start). */
  actorId: number | null;
  /** What kind of thing changed: 'product', 'category', 'settings', 'staff', ... */
  entity: string;
  entityId?: string | number | null;
  action: ChangeAction;
  before?: unknown;
  after?: unknown;
}

/** Records one change; call it with the transaction that makes the change. */
export async function recordChange(tx: Queryable, change: Change): Promise<void> {
  await tx.query(
    `INSERT INTO back_office_changes (actor_id, entity, entity_id, action, before, after)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      change.actorId,
      change.entity,
      change.entityId == null ? null : String(change.entityId),
      change.action,
      change.before === undefined ? null : JSON.stringify(change.before),
      change.after === undefined ? null : JSON.stringify(change.after),
    ],
  );
}

/**
 * Records many changes in one statement (a spreadsheet import changes thousands of products
 * at once): the same rows as one recordChange each.
 */
export async function recordChanges(tx: Queryable, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await tx.query(
    `INSERT INTO back_office_changes (actor_id, entity, entity_id, action, before, after)
     SELECT actor_id, entity, entity_id, action, before::jsonb, after::jsonb
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS c(actor_id, entity, entity_id, action, before, after)`,
    [
      changes.map((c) => c.actorId),
      changes.map((c) => c.entity),
      changes.map((c) => (c.entityId == null ? null : String(c.entityId))),
      changes.map((c) => c.action),
      changes.map((c) => json(c.before)),
      changes.map((c) => json(c.after)),
    ],
  );
}
