/**
 * API servers as separate processes, started the way an operator starts one
 * (`tsx server/src/main.ts` with settings in the environment), for the cluster test and the
 * start test.
 *
 * Node loads tsx with --import rather than through the tsx command, which would run the
 * server in a second, child process: a SIGKILL must reach the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');
const READY = /Storefront ready at http:\/\/[^:\s]+:(\d+)/;

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test run that ends abruptly must not leave servers holding ports and connections.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServer(
  name: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let printed = '';
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} was not ready after ${timeoutMs} ms:\n${printed}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const ready = READY.exec(printed);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before it was ready:\n${printed}`));
    });
  });

  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => printed,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
