import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, fixtureAffiliate, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import AffiliateMarketPage from './AffiliateMarketPage';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

const DETAILS_URL = apiUrl('/affiliate-details', 'affiliates');

/** Failed loads are retried with backoff (about 2 s in a browser) before the words show. */
const AFTER_RETRIES = { timeout: 8000 };

const meta = {
  title: 'Pages/Affiliate',
  component: AffiliateMarketPage,
  decorators: [onPage],
  parameters: {
    route: paths.affiliateMarket,
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof AffiliateMarketPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A registered affiliate: code to copy, sign-up link to share, earnings, bank details, Request payment. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('affiliate-code')).toHaveTextContent('adebayo7');
    await expect(canvas.getByRole('textbox', { name: 'Your sign-up link' })).toHaveValue(
      `${window.location.origin}/auth/register?ref=adebayo7`,
    );
    await expect(canvas.getByRole('button', { name: 'Copy code' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    await expect(canvas.getByRole('listitem', { name: 'Month generated' })).toHaveTextContent(
      '₦ 1,250',
    );
    await expect(canvas.getByRole('button', { name: 'Request payment' })).toBeEnabled();
  },
};

/** Request payment: the spec's toasts, then this month's earnings move to Total paid. */
export const RequestPayment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Request payment' }));

    await expect(await page.findByText('Payment successfully Requested!')).toBeInTheDocument();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Request payment' })).toBeNull(),
    );
    await expect(canvas.getByRole('listitem', { name: 'Total paid' })).toHaveTextContent('₦ 8,400');
    await expect(canvas.getByText(/Nothing to request yet/)).toBeVisible();
  },
};

/** Nothing earned this month: no Request payment button. */
export const NothingToRequest: Story = {
  loaders: [
    async () => {
      mockDb.affiliate = { ...fixtureAffiliate, month_generated: 0 };
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('affiliate-code')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Request payment' })).toBeNull();
    await expect(canvas.getByText(/Nothing to request yet/)).toBeVisible();
  },
};

/** Not an affiliate yet (the details answer 404): the registration form. */
export const NotJoined: Story = {
  loaders: [
    async () => {
      mockDb.affiliate = null;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('form', { name: 'Affiliate registration' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Become an affiliate' })).toBeVisible();
  },
};

/** The details fail with a server error (500): the spec's words and Try again. */
export const LoadError: Story = {
  parameters: {
    msw: [http.get(DETAILS_URL, () => HttpResponse.json({ detail: 'boom' }, { status: 500 }))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'Something went wrong on the server. Please try again later.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The details fail with another status: 'An error occurred: {detail}'. */
export const LoadRefused: Story = {
  parameters: {
    msw: [
      http.get(DETAILS_URL, () =>
        HttpResponse.json({ detail: 'Affiliates are paused this week' }, { status: 403 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'An error occurred: Affiliates are paused this week',
    );
  },
};

/** No answer at all: 'No response from server. Check your connection.' */
export const NoResponse: Story = {
  parameters: { msw: [http.get(DETAILS_URL, () => HttpResponse.error())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'No response from server. Check your connection.',
    );
  },
};

/** Signed out: the log-in prompt, which comes back here after logging in. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    await expectLoginPrompt(canvasElement, '/profile/affiliate-market');
  },
};
