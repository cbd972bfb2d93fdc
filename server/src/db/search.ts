/**
 * Forgiving search: what a shopper typed becomes a PostgreSQL full-text query.
 *
 * - Word stems come from the `english` configuration (tomatoes finds Tomato).
 * - A synonym group (table search_synonyms, data not code) stands for each of its terms:
 *   "groundnut" also finds "peanut", "ata rodo" also finds "scotch bonnet".
 * - A word no product name or category uses is also matched by the nearest such words
 *   (pg_trgm similarity over table search_words): beens finds beans, indomi Indomie.
 * Every word (or synonym phrase) must match somewhere; when nothing does, a relaxed query
 * (any word, looser spelling) gives the nearest matches instead.
 */
import type { Queryable } from './client';
import { num } from './rows';

/** Words considered of one search: more would only slow the query down. */
const MAX_WORDS = 10;
/** Below this length a word's trigrams say too little about its spelling. */
const MIN_FUZZY_LENGTH = 3;
/** pg_trgm's own default: the `%` operator, and so the index, use it. */
const STRICT_SIMILARITY = 0.3;
/** For the nearest matches after a search found nothing. */
const LOOSE_SIMILARITY = 0.15;

/** Lower case, accents dropped (ẹ̀wà is ewa), split on anything but letters and digits. */
export function searchWords(q: string): string[] {
  return q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** One thing the shopper asked for: any of its terms (each a phrase of one or more words). */
export interface Slot {
  terms: string[];
  /** The word as typed, when the slot is one word that no synonym covers. */
  word: string | null;
}

/**
 * Splits the words into slots, taking the longest synonym term that starts at each word
 * ("ata rodo pepper": the group of "ata rodo", then "pepper").
 */
export function slotsOf(words: readonly string[], groups: readonly string[][]): Slot[] {
  const groupOf = new Map<string, string[]>();
  for (const group of groups) for (const term of group) groupOf.set(term, group);
  const longest = Math.max(1, ...groups.flat().map((t) => t.split(' ').length));
  const slots: Slot[] = [];
  for (let i = 0; i < words.length;) {
    let matched = false;
    for (let n = Math.min(longest, words.length - i); n >= 1 && !matched; n--) {
      const group = groupOf.get(words.slice(i, i + n).join(' '));
      if (group) {
        slots.push({ terms: [...group], word: null });
        i += n;
        matched = true;
      }
    }
    if (!matched) {
      const word = words[i] as string;
      slots.push({ terms: [word], word });
      i += 1;
    }
  }
  return slots;
}

/**
 * The text for to_tsquery('english', ...). Terms hold only [a-z0-9] and spaces, so nothing
 * in them is tsquery syntax. `names` restricts matches to product names (weight A); `prefix`
 * lets the last word match as the start of a word (type-ahead).
 */
export function tsqueryText(
  slots: readonly Slot[],
  options: { any?: boolean; names?: boolean; prefix?: boolean } = {},
): string {
  const label = options.names ? 'A' : '';
  return slots
    .map((slot, index) => {
      const last = options.prefix && index === slots.length - 1;
      const terms = slot.terms.map((term) =>
        term
          .split(' ')
          .map((w) => `${w}:${last ? '*' : ''}${label}`.replace(/:$/, ''))
          .join(' <-> '),
      );
      return `(${terms.join(' | ')})`;
    })
    .join(options.any ? ' | ' : ' & ');
}

export async function synonymGroups(db: Queryable): Promise<string[][]> {
  const rows = await db.query<{ terms: string[] }>(
    'SELECT array_agg(term ORDER BY term) AS terms FROM search_synonyms GROUP BY group_id',
  );
  return rows.map((r) => r.terms);
}

/**
 * For each word no product name or category uses, the nearest words that one does, best
 * first: those as close as the closest (ties), at most two.
 */
async function nearestWords(
  db: Queryable,
  words: readonly string[],
  loose: boolean,
): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= MIN_FUZZY_LENGTH && /[a-z]/.test(w));
  const near = new Map<string, string[]>();
  if (candidates.length === 0) return near;
  // Strict: the trigram index answers `%` (similarity at least pg_trgm's threshold). Loose
  // reads the whole word list, which holds each distinct word once: small at any size.
  const match = loose ? 'similarity(word, t.token) >= $2' : 'word % t.token';
  const rows = await db.query<{ token: string; word: string; score: unknown }>(
    `SELECT t.token, w.word, w.score
       FROM unnest($1::text[]) AS t(token)
       CROSS JOIN LATERAL (
         SELECT word, similarity(word, t.token) AS score FROM search_words
          WHERE ${match}
          ORDER BY score DESC, word LIMIT 3
       ) AS w`,
    loose ? [candidates, LOOSE_SIMILARITY] : [candidates],
  );
  const threshold = loose ? LOOSE_SIMILARITY : STRICT_SIMILARITY;
  for (const token of candidates) {
    const found = rows
      .filter((r) => r.token === token)
      .map((r) => ({ word: r.word, score: num(r.score) }));
    const top = found[0]?.score ?? 0;
    // A word some product uses is taken as meant.
    if (top >= 1) continue;
    near.set(
      token,
      found
        .filter((f) => f.score >= threshold && f.score >= top - 1e-6)
        .slice(0, 2)
        .map((f) => f.word),
    );
  }
  return near;
}

export interface SearchPlan {
  /** For to_tsquery('english', ...); empty when nothing searchable was typed. */
  tsquery: string;
  /** The words, joined: compared with product names by similarity when ranking. */
  text: string;
}

/** Slots with the nearest spellings added to each lone word. */
async function widen(db: Queryable, slots: Slot[], loose: boolean): Promise<Slot[]> {
  const words = slots.flatMap((s) => (s.word ? [s.word] : []));
  const near = await nearestWords(db, words, loose);
  return slots.map((slot) =>
    slot.word ? { ...slot, terms: [slot.word, ...(near.get(slot.word) ?? [])] } : slot,
  );
}

/** The query for a search: every slot must match. */
export async function planSearch(db: Queryable, q: string): Promise<SearchPlan> {
  const words = searchWords(q);
  if (words.length === 0) return { tsquery: '', text: '' };
  const slots = await widen(db, slotsOf(words, await synonymGroups(db)), false);
  return { tsquery: tsqueryText(slots), text: words.join(' ') };
}

/** The query for nearest matches when a search found nothing: any slot, looser spelling. */
export async function planNearest(db: Queryable, q: string): Promise<SearchPlan> {
  const words = searchWords(q);
  if (words.length === 0) return { tsquery: '', text: '' };
  const slots = await widen(db, slotsOf(words, await synonymGroups(db)), true);
  return { tsquery: tsqueryText(slots, { any: true }), text: words.join(' ') };
}

/** The query for type-ahead: product names only, the last word as a prefix. */
export async function planTypeAhead(db: Queryable, q: string): Promise<SearchPlan> {
  const words = searchWords(q);
  if (words.length === 0) return { tsquery: '', text: '' };
  const slots = await widen(db, slotsOf(words, await synonymGroups(db)), false);
  return { tsquery: tsqueryText(slots, { names: true, prefix: true }), text: words.join(' ') };
}
