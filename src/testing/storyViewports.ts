/** Story widths, from Storybook's viewport presets (the toolbar shows a story at its width). */

export const phoneWidth = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};

export const desktopWidth = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
};
