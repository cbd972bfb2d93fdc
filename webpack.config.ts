import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { GenerateSW } from 'workbox-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { readSettings } from './src/config/settings';
import { LAYOUT_CHUNKS, routeManifest } from './src/app/routeManifest';
import {
  reactRouterProductionAliases,
  vendorPlugins,
  vendorProductionRules,
} from './scripts/vendorPatches';

const root = __dirname;

/** The TypeScript rule, shared with Storybook (.storybook/main.ts). Type checks run in `npm run typecheck`. */
export const tsRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: [{ loader: 'ts-loader', options: { transpileOnly: true } }],
};

export const resolve: Configuration['resolve'] = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  // 'contract' is contract/index.ts (types only, for src/); 'contract/rules', 'listing',
  // 'messages', 'details', 'credentials' and 'email' are the plain values src/ may import.
  alias: {
    contract: path.resolve(root, 'contract'),
    // Which props a styled element passes on: src/theme/forwardedProps.ts says why.
    '@emotion/is-prop-valid$': path.resolve(root, 'src/theme/forwardedProps.ts'),
  },
};

/** The chunk groups' files, written into dist/ for the server (see ChunkGroupsManifestPlugin). */
const CHUNK_GROUPS_FILE = '.chunk-groups.json';

/**
 * The chunk names the route manifest gives pages and layouts that the build has no chunk
 * group of: a webpackChunkName in src/app/routes.tsx spelled otherwise than its key.
 */
export function routeChunksMissing(groupNames: ReadonlySet<string>): string[] {
  const named = routeManifest.flatMap((route) => [LAYOUT_CHUNKS[route.layout], route.page]);
  return [...new Set(named)].filter((name) => name !== null && !groupNames.has(name)) as string[];
}

/**
 * Writes which files each entry and named chunk group loads, so the bundle budget
 * (scripts/bundleBudget.ts) can add up what a shopper downloads for a given screen. Only a
 * build that writes dist/ adds it: the dev server keeps its bundles in memory, and a list of
 * its files written over the build's would have the server preload files dist/ does not hold.
 * The build fails when a page of the route manifest has no chunk of its name: the server
 * would preload nothing for it.
 */
export class ChunkGroupsManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifestPlugin', (compilation) => {
      compilation.hooks.afterSeal.tap('ChunkGroupsManifestPlugin', () => {
        const names = new Set(compilation.chunkGroups.flatMap((group) => group.name ?? []));
        const missing = routeChunksMissing(names);
        if (missing.length > 0) {
          compilation.errors.push(
            new webpack.WebpackError(
              `src/app/routeManifest.ts names chunks the build does not have: ${missing.join(', ')} (webpackChunkName in src/app/routes.tsx)`,
            ),
          );
        }
      });
    });
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
      // Beside the build too, for the server, which names a page's route chunks in its HTML
      // (server/src/earlyData.ts). A dotfile: the server never serves it, and it is no asset
      // of the compilation, so the service worker does not precache it.
      const dist = compilation.outputOptions.path;
      if (dist) fs.writeFileSync(path.join(dist, CHUNK_GROUPS_FILE), JSON.stringify(groups));
    });
  }
}

/** The chunk group of the app itself, which src/index.tsx loads once the first screen is shown. */
const APP_CHUNK_GROUP = 'app';

/**
 * Preloads the app's own code from index.html's head, after the entry's scripts: the entry
 * waits for the first screen before it asks for the app (src/index.tsx), and the download
 * must not wait with it. The server's pages are built on index.html, so they preload it too;
 * so does `dist/` on any static host.
 */
class PreloadAppPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('PreloadAppPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadAppPlugin',
        (data) => {
          const group = compilation.namedChunkGroups.get(APP_CHUNK_GROUP);
          const publicPath = String(compilation.outputOptions.publicPath);
          const files = (group?.chunks ?? []).flatMap((chunk) =>
            [...chunk.files].filter((file) => file.endsWith('.js')),
          );
          for (const file of files) {
            data.headTags.push(
              HtmlWebpackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: 'script',
                href: `${publicPath}${file}`,
              }),
            );
          }
          return data;
        },
      );
    });
  }
}

/**
 * Build-time settings (from the environment or .env), read and checked here, once: a bad one
 * stops the build with its name, and src/config/env.ts gets the values as STOREFRONT_SETTINGS.
 */
export function settingDefinitions(): Record<string, string> {
  const envFile = path.resolve(root, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  return { STOREFRONT_SETTINGS: JSON.stringify(readSettings()) };
}

/**
 * Brotli (quality 11) and gzip (level 9) twins of every text file the build writes, beside
 * it as file.br and file.gz: compressed once here, at the highest levels, rather than on
 * every request. The server sends the one the browser takes (server/src/routes/static.ts).
 * Source maps are left out (the server does not send them); a twin that would be no
 * smaller than its file (a tiny robots.txt) is not written.
 */
function compressedTwins(): CompressionPlugin<zlib.BrotliOptions | zlib.ZlibOptions>[] {
  const test = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
  return [
    new CompressionPlugin<zlib.BrotliOptions>({
      test,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      minRatio: 1,
    }),
    new CompressionPlugin<zlib.ZlibOptions>({
      test,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      minRatio: 1,
    }),
  ];
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The service worker (workbox GenerateSW, which also answers the page's SKIP_WAITING message;
 * src/app/pwa registers it and runs the update flow). It precaches the page and every route
 * chunk; navigations get the page, except the API and paths that name a file. At run time it
 * keeps product images and the catalogue (without a token) so the shop opens offline.
 *
 * The match functions are copied into sw.js as source text: they can use only their
 * arguments, never anything else from this file. Routes are tried in order.
 */
/**
 * Offline, a search or a product the worker has no answer for is answered from the listings
 * it kept (a workbox plugin's handlerDidError runs when the network and the cache both fail):
 * a search lists the kept products that contain every word typed, within the filters asked
 * for (a page, or without page parameters an array, as asksForPage in contract/listing.ts
 * decides on the server); a product opened from a list opens from what the list held. Either answer carries
 * `x-offline-copy: 1`. Copied into sw.js as source text, like the match functions below, and
 * joined onto one line there: no `//` comments inside. A product's price is its amount less
 * its discount, as in src/components/product/pricing.ts.
 */
const OFFLINE_COPIES = {
  handlerDidError: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const kept = new Map<number, Record<string, unknown> & { id: number }>();
    for (const name of ['catalogue-searches', 'catalogue', 'products']) {
      const cache = await caches.open(name);
      for (const key of await cache.keys()) {
        const answer = await cache.match(key);
        const body: unknown = answer ? await answer.json().catch(() => null) : null;
        const list = Array.isArray(body)
          ? body
          : body && typeof body === 'object' && 'items' in body && Array.isArray(body.items)
            ? body.items
            : body && typeof body === 'object' && 'slug' in body
              ? [body]
              : [];
        for (const product of list) kept.set(product.id, product);
      }
    }
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), {
        headers: { 'content-type': 'application/json', 'x-offline-copy': '1' },
      });
    const productPath = /^\/api\/get-product\/([^/]+)$/.exec(url.pathname);
    if (productPath) {
      const slug = decodeURIComponent(productPath[1] ?? '');
      const product = [...kept.values()].find((p) => p.slug === slug);
      return product ? json(product) : Response.error();
    }
    const query = url.searchParams;
    const typed = (query.get('q') ?? '').trim();
    const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
    const price = (p: Record<string, unknown>) =>
      Number(p.amount) - Math.min(Math.max(Number(p.disc_amount) || 0, 0), Number(p.amount));
    const found = [...kept.values()].filter(
      (p) =>
        words.every((w) => `${p.name} ${p.description} ${p.category}`.toLowerCase().includes(w)) &&
        (!query.get('category') || p.category === query.get('category')) &&
        (query.get('in_stock') !== 'true' || Number(p.inventory_stock) > 0) &&
        (query.get('discounted') !== 'true' || Number(p.disc_amount) > 0) &&
        (!query.get('min_price') || price(p) >= Number(query.get('min_price'))) &&
        (!query.get('max_price') || price(p) <= Number(query.get('max_price'))),
    );
    const pageParameters = [
      'category',
      'min_price',
      'max_price',
      'in_stock',
      'discounted',
      'sort',
      'limit',
      'offset',
    ];
    if (!pageParameters.some((name) => query.has(name))) return json(found);
    const limit = Number(query.get('limit')) || 24;
    const offset = Number(query.get('offset')) || 0;
    return json({
      items: found.slice(offset, offset + limit),
      total: found.length,
      limit,
      offset,
      sort: query.get('sort') ?? (words.length > 0 ? 'relevance' : 'featured'),
      q: words.length > 0 ? typed : null,
      suggestions: [],
    });
  },
};

function serviceWorker(): GenerateSW {
  return new GenerateSW({
    swDest: 'sw.js',
    // Workbox's own code, whose map the worker would name publicly (see devtool below).
    sourcemap: false,
    // The first worker controls the page it was installed from, so that page works offline.
    // Updates wait (no skipWaiting) until the page decides to take them: src/app/pwa.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // The .br and .gz twins are other encodings of files already in the precache.
    exclude: [/\.map$/, /\.LICENSE\.txt$/, /^robots\.txt$/, /\.(br|gz)$/],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/?]+$/],
    runtimeCaching: [
      {
        // Answers to a signed-in request may be the shopper's own: never stored. First, so
        // that no rule below ever sees a request with a token.
        urlPattern: ({ request }) => request.headers.has('authorization'),
        handler: 'NetworkOnly',
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'product-images',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      // The catalogue: network first, so prices, stock and what a mutation changed are
      // current whenever there is a connection (stale-while-revalidate would show the
      // previous answer on every load); the kept answer when offline or after 4 s without
      // one. The full list has a cache of its own so that searches never push it out.
      {
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && url.pathname === '/api/get-all-products' && url.search === '',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'catalogue',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 1, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Pages of the shop's listings and searches: the first pages of the lists the shopper
        // opened last (a category, a sort, a search), so the shop still lists them offline.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/get-all-products',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'catalogue-searches',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 30, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [OFFLINE_COPIES],
        },
      },
      {
        // The products opened last, and offline any product a kept list held.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && url.pathname.startsWith('/api/get-product/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'products',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [OFFLINE_COPIES],
        },
      },
      {
        // The category chips' names and counts, one small answer.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/categories',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'catalogue-categories',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 1, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  });
}

/** Production builds resolve react-router to its production build (scripts/vendorPatches.ts). */
const productionResolve: Configuration['resolve'] = {
  ...resolve,
  alias: { ...(resolve.alias as Record<string, string>), ...reactRouterProductionAliases },
};

/** Where the server renderer is written: a dotfolder of dist/, which the server never serves. */
const SERVER_RENDERER_DIR = '.ssr';

/**
 * The server renderer (src/ssr/render.tsx) for Node: one CommonJS file with every module it
 * needs, read by the reference server (server/src/serverRender.ts). Pictures the app imports
 * get the same addresses as in the browser's build, without being written again.
 */
function serverRendererConfig(): Configuration {
  return {
    name: 'server-renderer',
    mode: 'production',
    target: 'node20',
    entry: { render: path.resolve(root, 'src/ssr/render.tsx') },
    output: {
      path: path.resolve(root, 'dist', SERVER_RENDERER_DIR),
      publicPath: '/',
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: false,
    resolve: productionResolve,
    module: {
      rules: [
        tsRule,
        {
          test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(settingDefinitions()),
      ...vendorPlugins(),
      // Route chunks inline: the server has no reason to load them one by one.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // Server code is read from disk once; minifying it would only slow the build.
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

export default (
  env: { WEBPACK_SERVE?: boolean } | undefined,
  argv: { mode?: Configuration['mode'] },
): Configuration | Configuration[] => {
  const client = clientConfig(env, argv);
  // The dev server renders in the browser only; `npm run build` writes both.
  return argv.mode !== 'development' && !env?.WEBPACK_SERVE
    ? [client, serverRendererConfig()]
    : client;
};

function clientConfig(
  env: { WEBPACK_SERVE?: boolean } | undefined,
  argv: { mode?: Configuration['mode'] },
): Configuration {
  const production = argv.mode !== 'development';
  // Never in the dev server: a worker there would serve stale code over hot reloads.
  const withServiceWorker = production && !env?.WEBPACK_SERVE;
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
      // The server renderer's build writes its own folder.
      clean: { keep: (file: string) => file.startsWith(`${SERVER_RENDERER_DIR}/`) },
    },
    // Production maps are written for reading error reports but not named in the bundles,
    // so browsers never ask for them (the server refuses them unless SERVE_SOURCE_MAPS=1).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: production ? productionResolve : resolve,
    module: {
      rules: [
        tsRule,
        ...(production ? vendorProductionRules : []),
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(settingDefinitions()),
      ...vendorPlugins(),
      new HtmlWebpackPlugin({
        template: path.resolve(root, 'public/index.html'),
        scriptLoading: 'defer',
      }),
      new PreloadAppPlugin(),
      ...(env?.WEBPACK_SERVE ? [] : [new ChunkGroupsManifestPlugin()]),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: path.resolve(root, 'public'),
            globOptions: { ignore: ['**/index.html'] },
            noErrorOnMissing: true,
          },
        ],
      }),
      ...(withServiceWorker ? [serviceWorker()] : []),
      ...(production ? compressedTwins() : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      // webpack's runtime (the chunk loader and its map of chunk files) rides in the entry,
      // which is the page's small first script (src/index.tsx): a file and a request fewer
      // on every first visit. The entry's hash changes with each build anyway.
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer,
  };
}
