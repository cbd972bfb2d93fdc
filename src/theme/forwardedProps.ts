/**
 * Which props an element made with `styled('tag')` hands on to the element: every one but
 * those only its styles read. The build gives this to Emotion in the place of
 * @emotion/is-prop-valid (webpack.config.ts, jest.config.ts), so that the app, its tests and
 * Storybook all run the same code.
 *
 * Emotion asks it only for a styled element that names no `shouldForwardProp` of its own:
 * every MUI component names one, so here it decides for the app's own styled elements alone.
 * Those take the element's own props, and a prop of their own for their styles is named with
 * a `$`, as Emotion's transient props are. @emotion/is-prop-valid answers the same from a list
 * of every attribute React knows, 1.6 KB brotli of every page's first screen; across the unit
 * and story tests the only prop it ever refused was `as`.
 */
const STYLING_ONLY = new Set(['as', 'sx', 'theme', 'ownerState']);

export default function isPropValid(prop: string): boolean {
  return !STYLING_ONLY.has(prop) && !prop.startsWith('$');
}
