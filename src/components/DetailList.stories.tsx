import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Container from '@mui/material/Container';
import { expect, within } from 'storybook/test';
import { DetailList, DetailRow } from './DetailList';

const meta = {
  title: 'Components/DetailList',
  component: DetailList,
  decorators: [
    (Story) => (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <Story />
      </Container>
    ),
  ],
  args: { columns: { xs: 1, sm: 3 }, children: null },
} satisfies Meta<typeof DetailList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An affiliate's bank details: one column on a phone, three from the sm breakpoint. */
export const BankDetails: Story = {
  render: (args) => (
    <DetailList {...args}>
      <DetailRow label="Bank name">First Bank of Nigeria</DetailRow>
      <DetailRow label="Account name">Adaeze Okafor</DetailRow>
      <DetailRow label="Account number">3012345678</DetailRow>
    </DetailList>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(terms).toEqual(['Bank name', 'Account name', 'Account number']);
    const values = canvas.getAllByRole('definition').map((value) => value.textContent);
    await expect(values).toEqual(['First Bank of Nigeria', 'Adaeze Okafor', '3012345678']);
  },
};

/** An order's facts: a wide date row, and a dash where the value is missing. */
export const WithWideRowAndMissingValue: Story = {
  args: { columns: { xs: 2, md: 3 } },
  render: (args) => (
    <DetailList {...args}>
      <DetailRow label="Order date" wide>
        Thursday, 26 November 2026
      </DetailRow>
      <DetailRow label="Total">₦12,500.00</DetailRow>
      <DetailRow label="Delivery mobile number">{''}</DetailRow>
    </DetailList>
  ),
  play: async ({ canvasElement }) => {
    const values = within(canvasElement)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    await expect(values).toEqual(['Thursday, 26 November 2026', '₦12,500.00', '—']);
  },
};
