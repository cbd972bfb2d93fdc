import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, within } from 'storybook/test';
import { offlineForStory } from '../../testing/storyHelpers';
import { OFFLINE_MESSAGE, OfflineBanner } from './OfflineBanner';

const meta = {
  title: 'App/OfflineBanner',
  component: OfflineBanner,
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Online: an empty status region, nothing on screen. */
export const Online: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement();
  },
};

/** Offline: a strip pinned to the bottom of the screen, whatever the page's length. */
export const Offline: Story = {
  beforeEach: offlineForStory,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(OFFLINE_MESSAGE);
    await expect(getComputedStyle(status).position).toBe('fixed');
    await expect(status).toBeVisible();
  },
};
