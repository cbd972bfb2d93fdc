/**
 * How the session's values are read from localStorage (app/sessionPersistence.ts), and the
 * page's first script reads the token (src/index.tsx), which runs before the store exists.
 */

/** A stored value; one saved JSON-encoded ('"abc"', as some sites store strings) is decoded. */
export function decodeStored(value: string | null): string | null {
  if (value === null || value === '') return null;
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      const decoded: unknown = JSON.parse(value);
      if (typeof decoded === 'string') return decoded === '' ? null : decoded;
    } catch {
      // not JSON after all: keep the text as it is
    }
  }
  return value;
}
