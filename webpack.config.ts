import fs from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { SETTING_NAMES } from './src/config/env';

const root = __dirname;

/** The TypeScript rule, shared with Storybook (.storybook/main.ts). Type checks run in `npm run typecheck`. */
export const tsRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: [{ loader: 'ts-loader', options: { transpileOnly: true } }],
};

export const resolve: Configuration['resolve'] = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  alias: { contract: path.resolve(root, 'contract/index.ts') },
};

/**
 * Writes which files each entry and named chunk group loads, so the bundle budget
 * (scripts/bundleBudget.ts) can add up what a shopper downloads for a given screen.
 */
class ChunkGroupsManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('ChunkGroupsManifestPlugin', (compilation) => {
      const groups: Record<string, string[]> = {};
      for (const group of compilation.chunkGroups) {
        if (!group.name) continue;
        groups[group.name] = group.chunks.flatMap((chunk) =>
          [...chunk.files].filter((f) => f.endsWith('.js')),
        );
      }
      const out = path.resolve(root, 'build-stats');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'chunk-groups.json'), JSON.stringify(groups, null, 2));
    });
  }
}

/** Build-time settings: src/config/env.ts reads them as process.env.X; values come from the environment or .env. */
export function settingDefinitions(): Record<string, string> {
  const envFile = path.resolve(root, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  return Object.fromEntries(
    SETTING_NAMES.map((name) => [`process.env.${name}`, JSON.stringify(process.env[name] ?? '')]),
  );
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
  const devServer: DevServerConfiguration = {
    port: Number(process.env.DEV_PORT ?? 3000),
    hot: true,
    historyApiFallback: true,
    proxy: [{ context: ['/api'], target: apiTarget }],
    client: { overlay: { warnings: false } },
  };

  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.resolve(root, 'src/index.tsx') },
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve,
    module: {
      rules: [tsRule, { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' }],
    },
    plugins: [
      new webpack.DefinePlugin(settingDefinitions()),
      new HtmlWebpackPlugin({
        template: path.resolve(root, 'public/index.html'),
        scriptLoading: 'defer',
      }),
      new ChunkGroupsManifestPlugin(),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: path.resolve(root, 'public'),
            globOptions: { ignore: ['**/index.html'] },
            noErrorOnMissing: true,
          },
        ],
      }),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer,
  };
};
