import { expect, waitFor, within } from 'storybook/test';

/**
 * The open dialog of that name, once it has faded in. MUI dialogs are portalled to <body>,
 * outside a story's canvas, and start fully transparent: in a browser, a play that checks
 * what is visible must wait for the fade (jsdom has no transitions, so it never waits there).
 */
export async function shownDialog(canvasElement: HTMLElement, name: string) {
  const page = within(canvasElement.ownerDocument.body);
  const dialog = await page.findByRole('dialog', { name }, { timeout: 5000 });
  await waitFor(() => expect(dialog).toBeVisible(), { timeout: 5000 });
  return within(dialog);
}
