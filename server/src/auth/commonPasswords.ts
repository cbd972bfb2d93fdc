import fs from 'node:fs';
import path from 'node:path';

/**
 * The list lives in a text file beside this module, so it can grow without touching code;
 * read once, on first use.
 */
let common: ReadonlySet<string> | null = null;

function normalize(password: string): string {
  return password.trim().toLowerCase();
}

function load(): ReadonlySet<string> {
  const text = fs.readFileSync(path.join(__dirname, 'common-passwords.txt'), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map(normalize),
  );
}

/** True when the password is one of the first an attacker would try. */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(normalize(password));
}
