import type { Config } from 'jest';

// ES-module-only packages that jest must compile to CommonJS.
const esmPackages = [
  'typebox',
  'storybook',
  '@storybook',
  'msw-storybook-addon',
  'until-async',
  'rettime',
  '@open-draft',
  'cookie',
].join('|');

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
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: {
    '^contract$': '<rootDir>/contract/index.ts',
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
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        // Stories under jest use the Node MSW server instead of the browser worker.
        '^\\./mswWorker$': '<rootDir>/.storybook/mswWorker.node.ts',
        '\\.(css|less|scss)$': '<rootDir>/__mocks__/styleMock.ts',
        '\\.(png|jpe?g|gif|svg|webp|avif|ico|woff2?)$': '<rootDir>/__mocks__/fileMock.ts',
      },
    },
    serverProject,
  ],
};

export default config;
