import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

/** The file names an `exports` map leads to, and whether it offers a `require` entry anywhere. */
function exportTargets(exportsField: unknown): { files: string[]; require: boolean } {
  if (typeof exportsField === 'string') return { files: [exportsField], require: false };
  if (typeof exportsField !== 'object' || exportsField === null)
    return { files: [], require: false };
  const parts = Object.entries(exportsField).map(([condition, target]) => {
    const inner = exportTargets(target);
    return { files: inner.files, require: inner.require || condition === 'require' };
  });
  return { files: parts.flatMap((p) => p.files), require: parts.some((p) => p.require) };
}

/** A package that offers Node no CommonJS entry: every way in is an ES module. */
function isEsModuleOnly(manifest: { type?: string; main?: string; exports?: unknown }): boolean {
  const moduleByDefault = manifest.type === 'module';
  const esm = (file: string) =>
    file.endsWith('.mjs') || (moduleByDefault && !file.endsWith('.cjs'));
  if (manifest.exports === undefined) return esm(manifest.main ?? 'index.js');
  const targets = exportTargets(manifest.exports);
  const code = targets.files.filter((file) => !/\.(d\.[cm]?ts|json)$/.test(file));
  return !targets.require && code.length > 0 && code.every(esm);
}

/**
 * Where the installed packages that ship ES modules only are, relative to the root (nested
 * copies included, e.g. node_modules/@fastify/static/node_modules/content-disposition). Jest
 * runs CommonJS, so it must compile them; they are found by reading node_modules rather than
 * listed by hand, so a new ES-module dependency needs no change here. Paths, not names: the
 * CommonJS copy of a package must stay as it is when another copy is an ES module.
 */
function esModuleOnlyPackageDirs(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    let manifest: { type?: string; main?: string; exports?: unknown };
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    } catch {
      return;
    }
    if (isEsModuleOnly(manifest)) found.push(dir);
    walk(`${dir}/node_modules`);
  };
  const walk = (modules: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(root, modules));
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      if (name.startsWith('@')) {
        for (const scoped of fs.readdirSync(path.join(root, modules, name))) {
          visit(`${modules}/${name}/${scoped}`);
        }
      } else {
        visit(`${modules}/${name}`);
      }
    }
  };
  walk('node_modules');
  return found.sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const esmPackageDirs = esModuleOnlyPackageDirs(__dirname).map(escapeRegExp).join('|');

const swc: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const shared = {
  transform: swc,
  transformIgnorePatterns: [
    // Compiled: a file of one of those packages, not of a package nested inside it.
    `^(?!${escapeRegExp(__dirname)}/(?:${esmPackageDirs})/(?!(?:.*/)?node_modules/)).*/node_modules/`,
  ],
  moduleNameMapper: {
    '^contract$': '<rootDir>/contract/index.ts',
    '^contract/(.*)$': '<rootDir>/contract/$1',
    // As in the build (webpack.config.ts): src/theme/forwardedProps.ts.
    '^@emotion/is-prop-valid$': '<rootDir>/src/theme/forwardedProps.ts',
  },
} satisfies Partial<Config>;

/** In-process server tests; the cluster test (server/cluster) has its own config. */
export const serverProject = {
  ...shared,
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/server'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/cluster/'],
  testTimeout: 30_000,
} satisfies Partial<Config>;

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src', '<rootDir>/.storybook'],
      // The server renderer's tests run where it does, without a window (below).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/ssr/'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        // Stories under jest use the Node MSW server instead of the browser worker.
        '^\\./mswWorker$': '<rootDir>/.storybook/mswWorker.node.ts',
        '\\.(css|less|scss)$': '<rootDir>/__mocks__/styleMock.ts',
        '\\.(png|jpe?g|gif|svg|webp|avif|ico|woff2?)$': '<rootDir>/__mocks__/fileMock.ts',
      },
    },
    {
      ...shared,
      displayName: 'server-render',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/ssr'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '\\.(png|jpe?g|gif|svg|webp|avif|ico|woff2?)$': '<rootDir>/__mocks__/fileMock.ts',
      },
    },
    serverProject,
    {
      ...shared,
      // Pure helpers of the benchmarks (scripts/), tested where they run: in Node.
      displayName: 'scripts',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
    },
  ],
};

export default config;
