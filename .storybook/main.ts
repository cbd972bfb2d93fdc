import { createRequire } from 'node:module';
import type { StorybookConfig } from '@storybook/react-webpack5';
import { register } from 'tsx/cjs/api';
import webpack from 'webpack';
import type * as AppWebpackConfig from '../webpack.config';

// Storybook loads this file as an ES module, but the app's webpack config is CommonJS
// TypeScript (it uses __dirname and extensionless imports): load it through tsx's require hook.
register();
const {
  resolve: appResolve,
  settingDefinitions,
  tsRule,
} = createRequire(import.meta.url)('../webpack.config.ts') as typeof AppWebpackConfig;

const config: StorybookConfig = {
  framework: { name: '@storybook/react-webpack5', options: {} },
  stories: ['../src/**/*.mdx', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', 'msw-storybook-addon'],
  staticDirs: ['../public', './public'],
  typescript: { check: false, reactDocgen: false },
  core: { disableTelemetry: true },
  webpackFinal: async (config) => {
    // The app's own TypeScript rule, resolution and settings, so stories build exactly as the app does.
    config.module = config.module ?? {};
    config.module.rules = [...(config.module.rules ?? []), tsRule];
    config.resolve = {
      ...config.resolve,
      extensions: [
        ...new Set([...(config.resolve?.extensions ?? []), ...(appResolve?.extensions ?? [])]),
      ],
      alias: { ...(config.resolve?.alias as object), ...(appResolve?.alias as object) },
    };
    config.plugins = [...(config.plugins ?? []), new webpack.DefinePlugin(settingDefinitions())];
    return config;
  },
};

export default config;
