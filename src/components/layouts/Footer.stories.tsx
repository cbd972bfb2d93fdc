import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Footer from './Footer';

const meta = {
  title: 'Layouts/Footer',
  component: Footer,
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};
