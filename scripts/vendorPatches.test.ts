import fs from 'node:fs';
import path from 'node:path';
import pureReactRouter, {
  MUI_BUTTON_BASE_CONTEXT,
  MUI_STYLES_CONTEXT,
  MUI_THEME_REQUEST,
  MUI_TOUCH_RIPPLE_REQUEST,
  REACT_ROUTER_CHUNK,
  REACT_ROUTER_DEFINITION,
  REACT_ROUTER_DISPLAY_NAME,
  reactRouterProductionAliases,
} from './vendorPatches';

// The shapes of the installed packages each correction relies on. One of these failing after
// an upgrade means the correction no longer applies: change it, or delete it as its note says.
const modules = path.resolve(__dirname, '../node_modules');
const read = (file: string) => fs.readFileSync(path.join(modules, file), 'utf8');
const importsOf = (source: string) =>
  [...source.matchAll(/^(?:import|export) .* from "([^"]+)";$/gm)].map((match) => match[1]);

describe("react-router's production build", () => {
  const dir = 'react-router/dist/production';
  const chunks = fs
    .readdirSync(path.join(modules, dir))
    .map((name) => `${modules}/${dir}/${name}`)
    .filter((file) => REACT_ROUTER_CHUNK.test(file));

  test('is where the aliases point', () => {
    for (const file of Object.values(reactRouterProductionAliases)) {
      expect({ file, exists: fs.existsSync(file) }).toEqual({ file, exists: true });
    }
  });

  test('defines its components and contexts as the loader expects, and gets them all marked', () => {
    const sources = chunks.map((file) => fs.readFileSync(file, 'utf8'));
    const all = sources.join('\n');
    // Every top-level definition of a component or context, however declared, is one the
    // loader reads (one made inside a function, per use, is not the minifier's to drop).
    const calls =
      all.match(/^(?:var|let|const) \w+ = React\d*\.(?:forwardRef|createContext|memo)\(/gm) ?? [];
    const definitions = all.match(REACT_ROUTER_DEFINITION) ?? [];
    expect(definitions.length).toBeGreaterThan(0);
    expect(definitions).toHaveLength(calls.length);
    expect(all).not.toMatch(/@__PURE__ \*\/ React\d*\.(?:forwardRef|createContext|memo)/);
    expect(all.match(REACT_ROUTER_DISPLAY_NAME)?.length).toBeGreaterThan(0);

    const patched = sources.map(pureReactRouter).join('\n');
    expect(
      patched.match(
        /^var \w+ = \/\* @__PURE__ \*\/ React\d*\.(?:forwardRef|createContext|memo)\(/gm,
      ),
    ).toHaveLength(calls.length);
    expect(patched).not.toMatch(/^\w+\.displayName = /m);
  });
});

describe("MUI's styles", () => {
  const styles = '@mui/material/styles';

  test('import createTheme and stringifyTheme by the requests the swap matches', () => {
    const requests = [
      ...importsOf(read(`${styles}/index.mjs`)),
      ...importsOf(read(`${styles}/createThemeNoVars.mjs`)),
    ];
    expect(requests).toContain('./createTheme.mjs');
    expect(requests).toContain('./stringifyTheme.mjs');
    expect(MUI_THEME_REQUEST.test('./createTheme.mjs')).toBe(true);
    expect(MUI_THEME_REQUEST.test('./stringifyTheme.mjs')).toBe(true);
    expect(MUI_STYLES_CONTEXT.test(path.join(modules, styles))).toBe(true);
  });

  test('have the theme maker without variables, which createTheme returns for this theme', () => {
    expect(read(`${styles}/createThemeNoVars.mjs`)).toMatch(/^export default createThemeNoVars;$/m);
    const createTheme = read(`${styles}/createTheme.mjs`);
    expect(createTheme).toContain('import createThemeNoVars from "./createThemeNoVars.mjs";');
    expect(createTheme).toMatch(/return createThemeNoVars\(options, \.\.\.args\);/);
    expect(read(`${styles}/stringifyTheme.mjs`)).toMatch(/export function stringifyTheme\(/);
  });

  test('ButtonBase imports its TouchRipple by the request the swap matches', () => {
    const buttonBase = '@mui/material/ButtonBase';
    expect(importsOf(read(`${buttonBase}/ButtonBase.mjs`))).toContain('./TouchRipple.mjs');
    expect(MUI_TOUCH_RIPPLE_REQUEST.test('./TouchRipple.mjs')).toBe(true);
    expect(MUI_BUTTON_BASE_CONTEXT.test(path.join(modules, buttonBase))).toBe(true);
  });
});

test('the bare imports the side-effect rules clear are still side-effect imports only', () => {
  const emotion = fs.readdirSync(path.join(modules, '@emotion/react/dist'));
  const bare = emotion
    .filter((name) => name.endsWith('.esm.js'))
    .some((name) =>
      /^import 'hoist-non-react-statics';$/m.test(read(`@emotion/react/dist/${name}`)),
    );
  expect(bare).toBe(true);
  const persist = JSON.parse(read('redux-persist/package.json')) as { sideEffects?: unknown };
  expect(persist.sideEffects).toBeUndefined();
});
