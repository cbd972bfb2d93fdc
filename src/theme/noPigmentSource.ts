/**
 * What the build gives MUI's theme in the place of `stringifyTheme` (webpack.config.ts,
 * createThemeWithoutVariables): MUI sets it on every theme as `toRuntimeSource`, for Pigment
 * CSS to write the theme into its build. This storefront styles with Emotion at run time and
 * never calls it, so its code (0.3 KB brotli of the first screen) is left out.
 */
export function stringifyTheme(): never {
  throw new Error('theme.toRuntimeSource is for Pigment CSS, which this storefront does not use.');
}
