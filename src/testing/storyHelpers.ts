/** Pieces shared by the stories' play functions and parameters. */
import { expect, waitFor, within } from 'storybook/test';
import { loginPathReturningTo } from '../lib/paths';
import { initialSessionState } from '../state/sessionSlice';

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

/**
 * A toast saying `text`, once it has slid in. Toasts are portalled to <body> and start
 * transparent: in a browser a play that checks one is visible waits for it, as for a dialog.
 */
export async function shownToast(canvasElement: HTMLElement, text: string | RegExp) {
  const toast = await within(canvasElement.ownerDocument.body).findByText(
    text,
    {},
    { timeout: 5000 },
  );
  await waitFor(() => expect(toast).toBeVisible(), { timeout: 5000 });
  return toast;
}

/**
 * A signed-out shopper. Story parameters merge deeply into the meta's, so a story under a
 * signed-in meta has to spell the signed-out session out.
 */
export const signedOutParameters = {
  store: { preloadedState: { session: initialSessionState } },
};

/** The log-in prompt of a page that needs a shopper: its words, and a link that comes back. */
export async function expectLoginPrompt(
  canvasElement: HTMLElement,
  returnTo: string,
  words = 'Please, log in...',
) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText(words)).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    loginPathReturningTo(returnTo),
  );
}

/** Says the connection dropped: navigator.onLine is false until `backOnline`. */
export function goOffline(): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
}

/** Says the connection is back: navigator.onLine is the browser's own again. */
export function backOnline(): void {
  Reflect.deleteProperty(navigator, 'onLine');
  window.dispatchEvent(new Event('online'));
}

/**
 * A story's `beforeEach` for a browser without a connection: navigator.onLine says false until
 * the story ends. Returns the clean-up, which also says the connection is back.
 */
export function offlineForStory(): () => void {
  goOffline();
  return backOnline;
}
