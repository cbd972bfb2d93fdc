import { useId } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import PickupContactForm from './PickupContactForm';

/** The form with the button that sends it from outside, as the mode dialog's Continue does. */
function ContactDemo({ onSaved }: { onSaved: () => void }) {
  const id = useId();
  return (
    <>
      <PickupContactForm id={id} onSaved={onSaved} />
      <Button type="submit" form={id} variant="contained" sx={{ mt: 2 }}>
        Continue with Pickup
      </Button>
    </>
  );
}

const field = (canvasElement: HTMLElement, label: RegExp) =>
  within(canvasElement).getByLabelText(label);

/**
 * Pickup asks only who collects the order and a number to call: no home address. It starts
 * with the contact given last time, else the account's own name and number.
 */
const meta = {
  title: 'Components/PickupContactForm',
  component: ContactDemo,
  decorators: [
    (Story) => (
      <Container maxWidth="xs" sx={{ py: 4 }}>
        <Story />
      </Container>
    ),
  ],
  args: { onSaved: fn() },
  argTypes: { onSaved: { description: 'The contact is saved: the dialog goes on to payment.' } },
  parameters: { route: '/cart', store: { preloadedState: { session: signedInSession } } },
} satisfies Meta<typeof ContactDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A first pickup: the account's name and number, so the shopper only confirms. */
export const FromTheAccount: Story = {
  loaders: [
    async () => {
      mockDb.pickupContact = null;
      return {};
    },
  ],
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(field(canvasElement, /^Full name/)).toHaveValue('Adebayo Ogunleye'));
    await expect(field(canvasElement, /^Mobile Number/)).toHaveValue('08031234567');
    await expect(within(canvasElement).queryByLabelText(/Address/)).toBeNull();
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Continue/ }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledTimes(1));
    await expect(mockDb.pickupContact).toEqual({
      name: 'Adebayo Ogunleye',
      mobile_number: '08031234567',
    });
  },
};

/** Someone else collects: the contact given last time comes back. */
export const SavedBefore: Story = {
  loaders: [
    async () => {
      mockDb.pickupContact = { name: 'Bisi Adeyemi', mobile_number: '08059998888' };
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, /^Full name/)).toHaveValue('Bisi Adeyemi'));
    await expect(field(canvasElement, /^Mobile Number/)).toHaveValue('08059998888');
  },
};

/** A missing name and a wrong number are named before anything is sent. */
export const WithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(field(canvasElement, /^Full name/)).toHaveValue('Adebayo Ogunleye'));
    await userEvent.clear(field(canvasElement, /^Full name/));
    await userEvent.clear(field(canvasElement, /^Mobile Number/));
    await userEvent.paste('0601234567');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Continue/ }));
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Enter the name of whoever will collect the order'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
    ).toBeVisible();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** The server refuses the number (422): its words show beside the field; nothing goes on. */
export const ServerRefuses: Story = {
  parameters: {
    msw: [
      http.put(apiUrl('/pickup-contact', 'delivery'), () =>
        HttpResponse.json(
          {
            detail: [
              { loc: ['body', 'mobile_number'], msg: 'This number is barred', type: 'value_error' },
            ],
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(field(canvasElement, /^Full name/)).toHaveValue('Adebayo Ogunleye'));
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Continue/ }));
    await expect(await within(canvasElement).findByText('This number is barred')).toBeVisible();
    await expect(field(canvasElement, /^Mobile Number/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};
