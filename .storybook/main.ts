import type { StorybookConfig } from '@storybook/react-webpack5';
import webpack from 'webpack';
import { resolve as appResolve, settingDefinitions, tsRule } from '../webpack.config';

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
