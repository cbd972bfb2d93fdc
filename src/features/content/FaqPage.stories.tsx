import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import FaqPage from './FaqPage';
import { onPage } from '../../testing/storyPage';

const meta = {
  title: 'Content/FaqPage',
  component: FaqPage,
  decorators: [onPage],
  parameters: { route: '/faq' },
} satisfies Meta<typeof FaqPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllClosed: Story = {};

/** One answer at a time: opening a second closes the first; clicking the open one closes it. */
export const OneOpenAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('button', { name: 'What is Ibadan Market?' });
    const second = canvas.getByRole('button', { name: 'How does it work?' });

    await userEvent.click(first);
    await expect(first).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(second);
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(second);
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The last question left open, as a shopper who wants to sell would see it. */
export const BecomeAVendorOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = canvas.getByRole('button', { name: 'How can I become a vendor?' });
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  },
};
