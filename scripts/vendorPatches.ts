/**
 * The build's corrections to its dependencies, in one place: nothing else in the build (or
 * the app) swaps a package's modules, rewrites its code or leans on its private file layout.
 * Each one saves first-screen bytes a package would otherwise force on every shopper, and
 * each relies on the package's shape at the version installed: scripts/vendorPatches.test.ts
 * checks that shape against node_modules, so an upgrade that changes it fails that test, not
 * the shop. Each says when to delete it. The lint (eslint.config.mjs) refuses a
 * NormalModuleReplacementPlugin anywhere else.
 *
 * This file is also the webpack loader of the react-router patch (its default export).
 */
import path from 'node:path';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';

const root = path.resolve(__dirname, '..');

/**
 * react-router's production build, which its package exports do not name (they name the
 * development one only). Delete when react-router's `exports` offer a production condition.
 */
export const reactRouterProductionAliases: Record<string, string> = {
  'react-router$': path.resolve(root, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': path.resolve(
    root,
    'node_modules/react-router/dist/production/dom-export.mjs',
  ),
};

/** react-router's production chunks, the files the loader below corrects. */
export const REACT_ROUTER_CHUNK =
  /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]+\.mjs$/;

/** A component or context defined at the top of react-router's chunk: `var X = React.memo(`. */
export const REACT_ROUTER_DEFINITION =
  /^var (\w+) = (React\d*\.(?:forwardRef|createContext|memo))\(/gm;
/** The developer-tools names it sets on them: `X.displayName = "X";`. */
export const REACT_ROUTER_DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

/**
 * The loader for react-router's production build, which marks its components and contexts as
 * free of side effects so that the minifier can leave out those the storefront never uses.
 *
 * The build declares `sideEffects: false`, but defines `var Form = React.forwardRef(...)`,
 * `var DataRouterContext = React.createContext(null)` and the like without the `@__PURE__`
 * annotation, then sets each one's `displayName`. A minifier must keep a call it cannot
 * prove pure, and an assignment to a property, so every component and context of the file
 * reached the first screen, used or not (Form, NavLink, ScrollRestoration and their helpers:
 * 1.5 KB brotli). Here the calls are annotated and the `displayName` lines, which only name
 * components in React's developer tools, are dropped.
 *
 * Delete when react-router's build annotates its definitions itself (the test then finds no
 * unannotated definition to correct and says so).
 */
export default function pureReactRouter(source: string): string {
  return source
    .replace(REACT_ROUTER_DEFINITION, 'var $1 = /* @__PURE__ */ $2(')
    .replace(REACT_ROUTER_DISPLAY_NAME, '');
}

/**
 * Module rules for production builds:
 * - react-router's chunks go through the loader above;
 * - Emotion imports hoist-non-react-statics for its side effects alone (`import
 *   'hoist-non-react-statics'`), which it has none of, so its code and a second react-is
 *   (1.2 KB brotli) reached every page; only Emotion's `withTheme` uses it, and we do not.
 *   Delete when Emotion no longer imports it bare;
 * - redux-persist's modules only define functions, but the package does not say so: without
 *   this, the store's import of its action types would keep all of it on the first screen,
 *   where it is loaded after the first render instead (app/persistence.ts). Delete when its
 *   package.json says `sideEffects: false`.
 */
export const vendorProductionRules: RuleSetRule[] = [
  { test: REACT_ROUTER_CHUNK, use: [__filename] },
  { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
  { test: /[\\/]node_modules[\\/]redux-persist[\\/]/, sideEffects: false },
];

/** Where MUI's styles import the theme's makers from. */
export const MUI_STYLES_CONTEXT = /[\\/]@mui[\\/]material[\\/]styles$/;
/** The requests swapped there: `./createTheme.mjs` and `./stringifyTheme.mjs`. */
export const MUI_THEME_REQUEST = /^\.\/(createTheme|stringifyTheme)\.m?js$/;

/**
 * MUI's `createTheme` also carries `createThemeWithVars`, the CSS theme variables and colour
 * schemes (12 KB minified), for options this theme does not use. Without `cssVariables` and
 * `colorSchemes` it returns `createThemeNoVars(options)` itself, so the build imports that
 * directly: the same theme, the variables' code left out of every page's download.
 * src/theme/theme.test.ts fails if the theme starts asking for either option. The theme's
 * `toRuntimeSource`, for Pigment CSS's build, is left out the same way
 * (src/theme/noPigmentSource.ts).
 *
 * Delete when MUI's styles export a theme maker without the variables' code, or when the
 * theme uses CSS variables.
 */
function createThemeWithoutVariables() {
  return new webpack.NormalModuleReplacementPlugin(MUI_THEME_REQUEST, (resource) => {
    if (!MUI_STYLES_CONTEXT.test(resource.context)) return;
    resource.request = resource.request.startsWith('./stringifyTheme')
      ? path.resolve(root, 'src/theme/noPigmentSource.ts')
      : resource.request.replace('createTheme', 'createThemeNoVars');
  });
}

/** Where MUI's ButtonBase imports its ripple from. */
export const MUI_BUTTON_BASE_CONTEXT = /[\\/]@mui[\\/]material[\\/]ButtonBase$/;
export const MUI_TOUCH_RIPPLE_REQUEST = /^\.\/TouchRipple\.m?js$/;

/**
 * MUI's ButtonBase loads its TouchRipple with the page, though it mounts it only on a
 * button's first press: the build gives it src/theme/TouchRippleOnFirstUse.tsx instead, which
 * loads the ripple's code on that press (2 KB brotli off every first screen).
 *
 * Delete when ButtonBase loads its ripple lazily itself, or the theme disables ripples.
 */
function touchRippleOnFirstUse() {
  return new webpack.NormalModuleReplacementPlugin(MUI_TOUCH_RIPPLE_REQUEST, (resource) => {
    if (MUI_BUTTON_BASE_CONTEXT.test(resource.context)) {
      resource.request = path.resolve(root, 'src/theme/TouchRippleOnFirstUse.tsx');
    }
  });
}

/** The module swaps, for both the browser's build and the server renderer's. */
export function vendorPlugins(): NonNullable<Configuration['plugins']> {
  return [createThemeWithoutVariables(), touchRippleOnFirstUse()];
}
