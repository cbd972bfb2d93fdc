import type { Configuration } from 'webpack';
import webpackConfig, { ChunkGroupsManifestPlugin } from '../../webpack.config';

// The server preloads each page's route chunks from dist/.chunk-groups.json
// (server/src/earlyData.ts): only a build that writes dist/ may write that list.
function clientOf(config: Configuration | Configuration[]): Configuration {
  const client = Array.isArray(config) ? config[0] : config;
  if (!client) throw new Error('no client configuration');
  return client;
}

const writesChunkGroups = (config: Configuration) =>
  (config.plugins ?? []).some((plugin) => plugin instanceof ChunkGroupsManifestPlugin);

test('npm run dev (webpack serve, development) writes no chunk-group list and nothing to disk', () => {
  const dev = clientOf(webpackConfig({ WEBPACK_SERVE: true }, { mode: 'development' }));
  expect(writesChunkGroups(dev)).toBe(false);
  const middleware = (dev as { devServer?: { devMiddleware?: { writeToDisk?: unknown } } })
    .devServer?.devMiddleware;
  expect(middleware?.writeToDisk ?? false).toBe(false);
});

test('npm run build (production) still writes the chunk-group list beside the build', () => {
  const build = clientOf(webpackConfig(undefined, { mode: 'production' }));
  expect(writesChunkGroups(build)).toBe(true);
  expect(build.output?.path).toMatch(/[/\\]dist$/);
});
