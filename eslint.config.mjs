import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The storefront's layers, lowest first: a layer imports only from the layers before it.
 * lib, config and theme are one level and may use each other.
 */
const layers = [
  ['src/lib', 'src/config', 'src/theme'],
  ['src/services'],
  ['src/state'],
  ['src/components'],
  ['src/features'],
  ['src/app', 'src/index.tsx'],
];
const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerMessage =
  'Imports flow lib, config, theme -> services -> state -> components -> features -> app (README, Layout).';
/** The route manifest is data only (src/app/routeManifest.ts): every layer, and the server, reads it. */
const ROUTE_MANIFEST = './routeManifest.ts';
const layerZones = layers.slice(0, -1).flatMap((level, index) => {
  const from = layers.slice(index + 1).flat();
  return [
    { target: level, from: from.filter((f) => f !== 'src/app'), message: layerMessage },
    { target: level, from: 'src/app', except: [ROUTE_MANIFEST], message: layerMessage },
  ];
});
const featureZones = features.map((feature) => ({
  target: `src/features/${feature}`,
  from: 'src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need down a layer.',
}));
const boundaryZones = [
  {
    target: layers.flat(),
    from: 'src/testing',
    message: 'Test helpers are for tests and stories only.',
  },
  {
    target: 'contract',
    from: ['src', 'server'],
    message: 'contract/ is shared: it imports neither side.',
  },
  { target: 'src', from: 'server', message: 'The storefront never imports the server.' },
  {
    target: 'server',
    from: 'src',
    except: ['./app/routeManifest.ts'],
    message: 'The server never imports the storefront (only its route manifest, which is data).',
  },
  {
    target: 'src/app/routeManifest.ts',
    from: 'src',
    message:
      'The route manifest is data only: the server reads it, so it imports nothing from src/.',
  },
];

/** Imports src/ keeps out: untyped hooks, TypeBox from the bundle, sonner where toasts go by. */
// sonner loads on first use (src/lib/toast.ts), which alone imports it: a direct import
// elsewhere would put it back into the first screen's bundle or bypass that loader.
const sonnerImport = {
  name: 'sonner',
  message: 'Show toasts with src/lib/toast.ts (or toasts.ts), which loads sonner.',
};

function restrictedImports(withSonner) {
  return {
    paths: [
      {
        name: 'react-redux',
        importNames: ['useDispatch', 'useSelector', 'useStore'],
        message: 'Use the typed hooks from src/state/hooks.ts.',
      },
      {
        // Types may come from anywhere in the contract; values only from its
        // TypeBox-free modules, or TypeBox would ship to every shopper.
        name: 'contract',
        allowTypeImports: true,
        message:
          'Import values from contract/rules, listing, links, messages, details, credentials, email, titles, session, catalogueRules or naira.',
      },
      ...(withSonner ? [sonnerImport] : []),
    ],
    patterns: [
      {
        group: [
          'contract/*',
          '!contract/rules',
          '!contract/listing',
          '!contract/links',
          '!contract/messages',
          '!contract/details',
          '!contract/credentials',
          '!contract/email',
          '!contract/titles',
          '!contract/session',
          '!contract/sessionCookie',
          '!contract/catalogueRules',
          '!contract/naira',
        ],
        allowTypeImports: true,
        message:
          'Import values from contract/rules, listing, links, messages, details, credentials, email, titles, session, catalogueRules or naira.',
      },
    ],
  };
}

/**
 * Nothing reaches into a library's private parts: React's fiber and props keys on DOM
 * elements (use a signal the app sets, lib/earlyTaps.ts), and module swaps of a dependency
 * outside the one module that keeps the build's corrections with a test of their shape
 * (scripts/vendorPatches.ts).
 */
const reactPrivateKeys = [
  'Literal[value=/__react(Fiber|Props|Container)/]',
  'TemplateElement[value.raw=/__react(Fiber|Props|Container)/]',
  'Identifier[name=/^__react(Fiber|Props|Container)/]',
].map((selector) => ({
  selector,
  message: "React's __reactFiber/__reactProps keys are private: use a signal the app sets.",
}));
const moduleSwaps = [
  'Identifier[name="NormalModuleReplacementPlugin"]',
  'Literal[value=/NormalModuleReplacementPlugin/]',
].map((selector) => ({
  selector,
  message:
    'Dependencies are corrected in scripts/vendorPatches.ts only, with a test of their shape.',
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      'storybook-static',
      'data',
      'test-results',
      'playwright-report',
      'coverage',
      '.storybook/public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Type-aware rules: each file is checked against the tsconfig.json nearest to it (the
    // root one, e2e/ or server/).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', restrictedImports(true)],
      'no-restricted-globals': [
        'error',
        { name: 'location', message: 'Navigate with react-router; never reload the page.' },
      ],
    },
  },
  {
    // One react-router module holds both forms of routing, and every form any page uses enters
    // the vendor chunk each shopper downloads first: the app routes with route objects only.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.stories.tsx',
      'src/testing/**',
      'src/features/*/testing.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Routes', 'Route'],
              message: 'Route with route objects and useRoutes, as src/app/routes.tsx does.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/state/hooks.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The one place that owns sonner: the loader, which also hands the toaster its component.
    files: ['src/lib/toast.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictedImports(false)] },
  },
  {
    // jest's setup runs beside the app's code: it reaches sonner through the loader too.
    files: ['jest.setup.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [sonnerImport] }] },
  },
  {
    // Checks the mock backend's answers against the contract's schemas under jest, with its
    // rows in *Calls.ts beside their handlers: none of it reaches the bundle, so it may import
    // the TypeBox schemas.
    files: [
      'src/testing/handlers.contract.test.ts',
      'src/testing/*Calls.ts',
      'src/testing/**/*Calls.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // Layers: zones resolve every relative import (and the contract alias) to its file.
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the files an import leads to: parse TypeScript as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...featureZones, ...boundaryZones] },
      ],
      // Type-only imports are erased from the build, so only value imports can form a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests, stories and the test helpers put whole stores and screens together, as the app
    // does: the layers do not hold for them (cycles still do).
    files: [
      'src/**/*.test.{ts,tsx}',
      'src/**/*.stories.{ts,tsx}',
      'src/testing/**',
      'src/**/testing.tsx',
    ],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', '.storybook/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    // The story list is known only at run time, so this test requires each file it finds.
    files: ['.storybook/stories.test.tsx'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    // This file names them, to refuse them.
    ignores: ['eslint.config.mjs'],
    rules: { 'no-restricted-syntax': ['error', ...reactPrivateKeys, ...moduleSwaps] },
  },
  {
    files: ['scripts/vendorPatches.ts', 'scripts/vendorPatches.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...reactPrivateKeys] },
  },
  {
    // The last readers of React's fiber key, until React offers a public sign that a lazily
    // loaded part of the page is hydrated (lib/earlyTaps.ts says why): no new ones.
    files: [
      'src/lib/earlyTaps.ts',
      'src/lib/earlyTaps.test.tsx',
      'e2e/shell.spec.ts',
      'e2e/fixtures/takeover.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...moduleSwaps] },
  },
  prettier,
);
