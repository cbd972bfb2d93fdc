/**
 * DATA_DIR is the shop's alone: the embedded database, its write-ahead log (password hashes)
 * and the generated signing key can be read by no other user of the computer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start } from '../src/main';
import { makeDataDirPrivate, makePrivate } from '../src/privateFiles';
import { registration, TEST_ENV } from './helpers';

jest.setTimeout(180_000);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-private-'));
const dataDir = path.join(scratch, 'data');

beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function settings(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
  };
  // The signing key is generated into DATA_DIR, as on a shop with no JWT_SECRET.
  delete env.JWT_SECRET;
  delete env.DATABASE_URL;
  return env;
}

/** Every file and folder under dir that its group or anyone else may use, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = fs.lstatSync(entry);
    if ((stats.mode & 0o077) !== 0) {
      found.push(`${path.relative(dir, entry) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    }
    if (stats.isDirectory()) {
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    }
  };
  visit(dir);
  return found;
}

test('a new shop writes its database and signing key for its own account only', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const running = await start(settings());
  try {
    // Something written, so the write-ahead log holds a password hash.
    const signUp = await fetch(`${running.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration()),
    });
    expect(signUp.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'pg_wal'))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
  } finally {
    await running.close();
  }
  expect(openToOthers(dataDir)).toEqual([]);
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});

test('a start on a data directory others can read makes it private and says so once', async () => {
  const secret = path.join(dataDir, 'jwt-secret');
  const version = path.join(dataDir, 'pglite', 'PG_VERSION');
  fs.chmodSync(version, 0o666);
  fs.chmodSync(secret, 0o644);
  fs.chmodSync(dataDir, 0o755);
  // Not the shop's: left as the operator made it.
  const notes = path.join(dataDir, 'notes.txt');
  fs.writeFileSync(notes, 'the operator’s own\n');
  fs.chmodSync(notes, 0o644);
  expect(openToOthers(dataDir)).toHaveLength(4);

  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const running = await start(settings());
  try {
    expect(openToOthers(dataDir)).toEqual(['notes.txt 644']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /^DATA_DIR \(.*data\) held 3 files or folders that other users of this computer could read or change; they are now private/,
    );
    expect(fs.statSync(version).mode & 0o777).toBe(0o600);
  } finally {
    await running.close();
    warn.mockRestore();
  }
});

test('makePrivate leaves what it cannot own alone: symbolic links and vanished files', () => {
  const dir = fs.mkdtempSync(path.join(scratch, 'links-'));
  const outside = path.join(scratch, 'outside.txt');
  fs.writeFileSync(outside, 'not the shop’s');
  fs.chmodSync(outside, 0o644);
  fs.symlinkSync(outside, path.join(dir, 'link'));
  expect(makePrivate(dir)).toBe(0);
  expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
  expect(makePrivate(path.join(scratch, 'never-made'))).toBe(0);
  expect(makeDataDirPrivate(path.join(scratch, 'never-made'))).toBe(0);
});
