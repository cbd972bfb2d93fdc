import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl, fixtureProducts, signedInSession } from '../../testing/fixtures';
import { notificationDb } from '../../testing/notificationHandlers';
import { signedOutParameters } from '../../testing/storyHelpers';
import NotifyMeButton, { WAITING_TEXT } from './NotifyMeButton';

const ofada = fixtureProducts.find((p) => p.inventory_stock <= 0);
if (!ofada) throw new Error('The fixtures have no product out of stock');
const NAME = `Notify me when ${ofada.name} is back in stock`;

const meta = {
  title: 'Product/NotifyMeButton',
  component: NotifyMeButton,
  args: { productId: ofada.id, productName: ofada.name },
  parameters: { store: { preloadedState: { session: signedInSession } } },
} satisfies Meta<typeof NotifyMeButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Until the shopper's alerts have arrived the button shows it is loading, which takes no
 * pointer events (MUI's loading state) while still enabled: a tap waits for it.
 */
async function untilReady(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  await waitFor(() => expect(getComputedStyle(button).pointerEvents).not.toBe('none'));
}

/** Not waiting yet: one tap asks to be told, and the button shows it is on. */
export const NotWaiting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const button = await canvas.findByRole('button', { name: NAME });
    await untilReady(button);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await expect(
      await page.findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await expect(canvas.getByText(WAITING_TEXT)).toBeVisible();
  },
};

/** Waiting: the button is pressed, and a tap takes the request back. */
export const Waiting: Story = {
  loaders: [
    () => {
      notificationDb.stockAlerts = [
        { product_id: ofada.id, created_at: '2026-11-20T10:00:00.000Z', notified_at: null },
      ];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const button = await canvas.findByRole('button', { name: NAME, pressed: true });
    await expect(canvas.getByText(WAITING_TEXT)).toBeVisible();
    await userEvent.click(button);
    await expect(await page.findByText('You will not be told when it is back')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  },
};

/** The server refuses: the failure in words, and the button stays as it was. */
export const Fails: Story = {
  parameters: {
    msw: [
      http.post(apiUrl('/stock-alerts', 'notifications'), () =>
        HttpResponse.json({ detail: 'Product not found' }, { status: 404 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const button = await canvas.findByRole('button', { name: NAME });
    await untilReady(button);
    await userEvent.click(button);
    await expect(await page.findByText('Unable to set up your alert')).toBeInTheDocument();
    await expect(page.getByText('Product not found')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    await expect(button).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Signed out: 'Please, log in', and nothing is sent. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: NAME }));
    await expect(await page.findByText('Please, log in')).toBeInTheDocument();
    await expect(notificationDb.stockAlerts).toEqual([]);
  },
};
