/**
 * A throwaway PostgreSQL for the PostgreSQL suite, the cluster test and the benchmarks:
 * Debian's binaries (/usr/lib/postgresql/<version>/bin, from `apt-get install postgresql`),
 * a new cluster in a temporary directory, run by an unprivileged user, listening on
 * 127.0.0.1 only with a generated password. stop() shuts it down and removes the directory.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: then the cluster belongs to the
 * `postgres` user that Debian's package creates (or to a system user made for it).
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DEBIAN_ROOT = '/usr/lib/postgresql';
/** The user a cluster is started as when this process is root and Debian's user is missing. */
const FALLBACK_USER = 'storefront-pg';
const SUPERUSER = 'storefront';

export interface PostgresInstall {
  /** The directory holding initdb, pg_ctl and postgres. */
  bin: string;
  /** The major version, e.g. 15. */
  version: number;
}

/** The newest PostgreSQL under /usr/lib/postgresql, or null when none is installed. */
export function findPostgres(root = DEBIAN_ROOT): PostgresInstall | null {
  let entries: string[];
  try {
    entries = fs.readdirSync(root);
  } catch {
    return null;
  }
  const found = entries
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ bin: path.join(root, name, 'bin'), version: Number(name) }))
    .filter((install) =>
      ['initdb', 'pg_ctl', 'postgres'].every((tool) => fs.existsSync(path.join(install.bin, tool))),
    )
    .sort((a, b) => b.version - a.version);
  return found[0] ?? null;
}

export interface TempPostgresOptions {
  /** Port on 127.0.0.1; 0 or unset picks a free one. */
  port?: number;
  /**
   * Off for tests: no fsync and no synchronous commit, which only matter when the machine
   * itself crashes. Benchmarks keep PostgreSQL's defaults so writes cost what they cost.
   */
  durable?: boolean;
}

export interface TempPostgres {
  install: PostgresInstall;
  port: number;
  /** The cluster's directory (data, log, socket); removed by stop(). */
  dir: string;
  /** postgres://storefront:<password>@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** The server log so far (for failure reports). */
  log(): string;
  stop(): Promise<void>;
}

interface RunAs {
  user: string | null;
  uid: number;
  gid: number;
}

function run(command: string, args: string[], options: { cwd: string }): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8' });
}

function idOf(user: string): { uid: number; gid: number } | null {
  const uid = run('id', ['-u', user], { cwd: '/' });
  const gid = run('id', ['-g', user], { cwd: '/' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Who runs the cluster: this user, or when root an unprivileged one. */
function chooseUser(): RunAs {
  if (process.getuid?.() !== 0) {
    return { user: null, uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  }
  for (const user of ['postgres', FALLBACK_USER]) {
    const ids = idOf(user);
    if (ids) return { user, ...ids };
  }
  const made = run(
    'useradd',
    ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', FALLBACK_USER],
    { cwd: '/' },
  );
  const ids = idOf(FALLBACK_USER);
  if (made.status !== 0 || !ids) {
    throw new Error(
      `PostgreSQL cannot run as root and there is no postgres user; creating ${FALLBACK_USER} failed: ${made.stderr.trim()}`,
    );
  }
  return { user: FALLBACK_USER, ...ids };
}

function asUser(runAs: RunAs, tool: string, args: string[]): [string, string[]] {
  return runAs.user === null ? [tool, args] : ['runuser', ['-u', runAs.user, '--', tool, ...args]];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function readTail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Creates and starts a cluster. Throws when PostgreSQL is not installed (see findPostgres). */
export async function startTempPostgres(options: TempPostgresOptions = {}): Promise<TempPostgres> {
  const install = findPostgres();
  if (!install) throw new Error(`PostgreSQL is not installed (nothing in ${DEBIAN_ROOT})`);
  const runAs = chooseUser();
  const tool = (name: string) => path.join(install.bin, name);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const passwordFile = path.join(dir, 'password');
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(dir, 0o700);
  fs.chownSync(dir, runAs.uid, runAs.gid);
  fs.chownSync(passwordFile, runAs.uid, runAs.gid);

  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  // A program that could not be started at all leaves stdout and stderr null, whatever
  // SpawnSyncReturns says.
  const fail = (
    what: string,
    result: Pick<SpawnSyncReturns<string>, 'status'> & {
      stdout: string | null;
      stderr: string | null;
    },
  ): never => {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${readTail(logFile)}`.trim();
    remove();
    throw new Error(`${what} failed (exit ${result.status}):\n${output}`);
  };

  const initdb = (locale: string[]) =>
    run(
      ...asUser(runAs, tool('initdb'), [
        '-D',
        dataDir,
        '-U',
        SUPERUSER,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        ...locale,
      ]),
      { cwd: dir },
    );
  let made = initdb(['--locale=C.UTF-8']);
  // Older C libraries have no C.UTF-8; plain C sorts the same for our data.
  if (made.status !== 0 && /locale/i.test(made.stderr)) made = initdb(['--no-locale']);
  if (made.status !== 0) fail('initdb', made);

  const start = (port: number) => {
    const settings = [
      `-p ${port}`,
      '-h 127.0.0.1',
      `-k ${dir}`,
      '-c max_connections=200',
      ...(options.durable === false
        ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']
        : []),
    ].join(' ');
    return run(
      ...asUser(runAs, tool('pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '120',
        '-o',
        settings,
        'start',
      ]),
      { cwd: dir },
    );
  };
  // A port can be held for a minute by a closed connection that used it as its own end
  // (TIME_WAIT): then wait for it, or take another free one.
  let port = options.port || (await freePort());
  let started = start(port);
  for (let attempt = 1; started.status !== 0 && attempt < 6; attempt++) {
    if (!/could not bind|address already in use/i.test(readTail(logFile, 10))) break;
    if (options.port) await new Promise((resolve) => setTimeout(resolve, 15_000));
    else port = await freePort();
    started = start(port);
  }
  if (started.status !== 0) fail(`Starting PostgreSQL on port ${port}`, started);

  const url = (database = 'postgres') =>
    `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`;

  let stopping: Promise<void> | null = null;
  async function stop(): Promise<void> {
    stopping ??= (async () => {
      const [command, args] = asUser(runAs, tool('pg_ctl'), [
        '-D',
        dataDir,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'stop',
      ]);
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(command, args, { cwd: dir, stdio: 'ignore' });
        child.on('error', () => resolve(null));
        child.on('exit', (status) => resolve(status));
      });
      if (code !== 0) killPostmaster(dataDir);
      remove();
    })();
    return stopping;
  }

  return {
    install,
    port,
    dir,
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid database name ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    log: () => readTail(logFile, 200),
    stop,
  };
}

/** When pg_ctl could not stop it: the postmaster's pid is the first line of postmaster.pid. */
function killPostmaster(dataDir: string): void {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (Number.isInteger(pid) && pid > 1) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
