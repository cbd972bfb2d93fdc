import { theme } from './theme';

// The build gives MUI's createTheme without CSS theme variables and colour schemes
// (webpack.config.ts, createThemeWithoutVariables): a theme that asks for either would be
// built without them in the browser, unlike here.
test('the theme asks for neither CSS theme variables nor colour schemes', () => {
  expect(theme).not.toHaveProperty('vars');
  expect(theme).not.toHaveProperty('colorSchemes');
  expect(theme).not.toHaveProperty('defaultColorScheme');
});
