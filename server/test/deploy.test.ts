/**
 * The container and VM files agree with the server they run: compose's settings start a
 * production server, its proxy reaches both servers and checks the health call, the image runs
 * the server as a user without privileges with DATA_DIR as its volume, and the systemd unit is
 * hardened. (The image itself is built by scripts/dockerBuild.sh where Docker runs.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../src/config';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}

/** deploy/compose.env.example with every empty value filled as an operator would. */
function operatorSettings(): Record<string, string> {
  const filled: Record<string, string> = {
    POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    JWT_SECRET: 'k'.repeat(48),
    PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef',
    MAIL_WEBHOOK_URL: 'https://relay.example.ng/send',
  };
  const settings: Record<string, string> = {};
  for (const line of read('deploy/compose.env.example').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (m?.[1]) settings[m[1]] = m[2] || filled[m[1]] || '';
  }
  return settings;
}

/** Compose's ${NAME}, ${NAME:-default} and ${NAME:?message}, as `docker compose` fills them. */
function interpolate(text: string, settings: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind, rest) => {
    const value = settings[name] ?? '';
    if (value !== '') return value;
    if (kind === '?') throw new Error(`compose.yaml needs ${name}: ${String(rest)}`);
    return kind === '-' ? String(rest) : '';
  });
}

function compose(settings = operatorSettings()): Record<string, Service> {
  const parsed = parse(interpolate(read('compose.yaml'), settings), { merge: true }) as {
    services: Record<string, Service>;
  };
  return parsed.services;
}

describe('compose.yaml', () => {
  test('two app servers with one set of production settings that a server accepts', () => {
    const services = compose();
    const apps = Object.entries(services).filter(([, s]) => s.build === '.');
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    const [first, second] = apps.map(([, s]) => s);
    expect(first?.environment).toEqual(second?.environment);
    const env = first?.environment ?? {};
    // What a production start checks (server/src/config.ts): no problem is reported.
    const config = loadConfig(env);
    expect(config.mode).toBe('production');
    expect(config.databaseUrl).toBe(
      `postgres://shop:${operatorSettings().POSTGRES_PASSWORD}@db:5432/storefront`,
    );
    expect(config.publicUrl).toBe('https://shop.example.ng');
    expect(config.trustProxy).toBe(true);
    expect(config.host).toBe('0.0.0.0');
    // Each server has a DATA_DIR of its own.
    expect(first?.volumes).toEqual(['app1-data:/data']);
    expect(second?.volumes).toEqual(['app2-data:/data']);
    for (const app of [first, second]) {
      expect(app?.depends_on?.db).toEqual({ condition: 'service_healthy' });
    }
  });

  test('its PostgreSQL is the one the servers name, and it refuses to start unconfigured', () => {
    const services = compose();
    const url = new URL(services.app1?.environment?.DATABASE_URL ?? '');
    expect(services.db?.environment).toEqual({
      POSTGRES_DB: url.pathname.slice(1),
      POSTGRES_USER: url.username,
      POSTGRES_PASSWORD: url.password,
    });
    expect(services.db?.healthcheck).toBeDefined();
    const unset = { ...operatorSettings(), JWT_SECRET: '' };
    expect(() => compose(unset)).toThrow(/needs JWT_SECRET/);
  });

  test('Caddy proxies to both servers and checks the health call', () => {
    const services = compose();
    expect(services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    const config = loadConfig(services.app1?.environment ?? {});
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy app1:${config.port} app2:${config.port}`));
    expect(caddyfile).toContain(`health_uri ${config.apiPrefix}/health`);
    expect(caddyfile).toContain('header_up X-Forwarded-For {remote_host}');
    expect(services.proxy?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  test('builds on Node 20 and runs the server as a user without privileges', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/RUN npm ci /);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/RUN npm prune --omit=dev/);
    expect(runtime).toMatch(/^USER shop$/m);
    const cmd = /^CMD \[(.*)\]$/m.exec(runtime)?.[1] ?? '';
    const main = JSON.parse(`[${cmd}]`) as string[];
    // The server compiled by `npm run build` (scripts/buildServer.mjs): build/<source>.js.
    const entry = main[main.length - 1] ?? '';
    expect(entry).toMatch(/^build\/.*\.js$/);
    const source = entry.replace(/^build\//, '').replace(/\.js$/, '.ts');
    expect(fs.existsSync(path.join(ROOT, source))).toBe(true);
  });

  test('keeps DATA_DIR in a volume, checks health, and copies what the server imports', () => {
    expect(runtime).toMatch(/DATA_DIR=\/data/);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*'\/health'/m);
    for (const dir of ['server', 'build', 'contract', 'dist', 'node_modules']) {
      expect(runtime).toMatch(new RegExp(`^COPY --from=build /app/${dir} \\./${dir}$`, 'm'));
    }
  });

  test('.dockerignore keeps local data, secrets and installed files out of the build', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', 'node_modules', 'dist', 'data', '.git', 'deploy/*.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/ibadan-market.service');

  test('runs the server as its own user, hardened, with its settings in a file', () => {
    for (const line of [
      'User=ibadan-market',
      'EnvironmentFile=/etc/ibadan-market/env',
      'NoNewPrivileges=true',
      'ProtectSystem=strict',
      'ProtectHome=true',
      'PrivateTmp=true',
      'StateDirectory=ibadan-market',
      'CapabilityBoundingSet=',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    const exec = /^ExecStart=\S+ (.*)$/m.exec(unit)?.[1]?.split(' ') ?? [];
    expect(fs.existsSync(path.join(ROOT, exec[exec.length - 1] ?? ''))).toBe(true);
  });

  test('systemd reads it without a warning, where systemd-analyze is installed', () => {
    const verify = spawnSync('systemd-analyze', ['verify', 'deploy/ibadan-market.service'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (verify.error) {
      console.warn(`systemd-analyze is not installed here: ${verify.error.message}`);
      return;
    }
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
  });
});
