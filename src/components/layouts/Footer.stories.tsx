import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Footer from './Footer';
import { desktopWidth, phoneWidth } from '../../testing/storyViewports';

const meta = {
  title: 'Layouts/Footer',
  component: Footer,
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  ...desktopWidth,
};

export const Phone: Story = {
  ...phoneWidth,
};
