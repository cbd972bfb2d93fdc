/**
 * Column values differ by driver: node-postgres returns bigint and numeric as strings,
 * PGlite as numbers; timestamps arrive as Date objects from another realm (the PGlite
 * worker), so `instanceof Date` cannot be trusted. These helpers accept them all.
 */

export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  throw new TypeError(`Expected a number from the database, got ${typeof value}`);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

function hasToIso(value: unknown): value is { toISOString(): string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toISOString?: unknown }).toISOString === 'function'
  );
}

export function iso(value: unknown): string {
  if (hasToIso(value)) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  throw new TypeError('Expected a timestamp from the database');
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}
