/** Finding Debian's PostgreSQL for npm run test:postgres, test:cluster and the benchmarks. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgres } from './tempPostgres';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pgroot-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function install(version: string, tools: string[]) {
  const bin = path.join(root, version, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const tool of tools) fs.writeFileSync(path.join(bin, tool), '');
}

test('picks the newest complete install, and nothing when there is none', () => {
  expect(findPostgres(path.join(root, 'missing'))).toBeNull();
  expect(findPostgres(root)).toBeNull();
  install('13', ['initdb', 'pg_ctl', 'postgres']);
  install('15', ['initdb', 'pg_ctl', 'postgres']);
  // Only the client package: no server binaries to start a cluster with.
  install('16', ['psql', 'pg_dump']);
  install('common', ['initdb', 'pg_ctl', 'postgres']);
  expect(findPostgres(root)).toEqual({ bin: path.join(root, '15', 'bin'), version: 15 });
});
