import type { Delivery } from 'contract';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl, fixtureDelivery, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import DeliveryInfoModal from './DeliveryInfoModal';
import { shownDialog } from '../../../testing/storyHelpers';

/** The dialog is portalled to <body>, outside the story's canvas. */
function screenOf(canvasElement: HTMLElement) {
  const page = within(canvasElement.ownerDocument.body);
  const dialog = () => page.getByRole('dialog', { name: 'Delivery Information' });
  const field = (label: RegExp) => within(dialog()).getByLabelText(label);
  return { page, dialog, field };
}

/** Types a whole value at once, as a paste does (MUI fields are slow to type into key by key). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.clear(field);
  await userEvent.paste(text);
}

/** Searches the area picker and taps the match; its list is portalled to <body>. */
async function chooseArea(canvasElement: HTMLElement, typed: string, name: string) {
  const { page, dialog } = screenOf(canvasElement);
  const input = within(dialog()).getByRole('combobox', { name: /^City/ });
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.paste(typed);
  await userEvent.click(await page.findByRole('option', { name }));
}

/**
 * A location control's option. Storybook maps the key to its value (mapping below) before
 * render and play; starting from the key, rather than the value, shows the radio selected.
 */
const location = (key: 'none' | 'prefilled') => key as unknown as Delivery | null;

const meta = {
  title: 'Modals/DeliveryInfoModal',
  component: DeliveryInfoModal,
  // The form takes the saved location when it mounts: a new key refills it when the control changes.
  render: (args) => <DeliveryInfoModal key={args.delivery?.id ?? 'none'} {...args} />,
  args: { open: true, delivery: location('none'), onClose: fn() },
  argTypes: {
    open: { control: { type: 'boolean' } },
    delivery: {
      description: 'The saved location (Enter updates it), or none (Enter creates one).',
      options: ['none', 'prefilled'],
      mapping: { none: null, prefilled: fixtureDelivery },
      control: { type: 'radio' },
    },
    onClose: { description: 'Cancel, Escape, a click outside, or a successful save.' },
  },
  // Saving sends the shopper's token.
  parameters: {
    route: '/cart',
    store: { preloadedState: { session: signedInSession } },
    // On the docs page each story gets its own frame, so an open dialog covers only its story.
    docs: { story: { inline: false, height: '720px' } },
  },
} satisfies Meta<typeof DeliveryInfoModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A shopper without a saved location: empty but for the account's number, City not chosen yet. */
export const Empty: Story = {
  loaders: [
    async () => {
      mockDb.delivery = null;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Delivery Information');
    const { dialog, field } = screenOf(canvasElement);
    await expect(field(/Full Address/)).toHaveValue('');
    await expect(field(/^State/)).toHaveValue('Oyo State');
    await expect(field(/^City/)).toHaveValue('');
    await waitFor(() => expect(field(/^Mobile Number/)).toHaveValue('08031234567'));
    await expect(field(/Alt\. Mobile Number/)).toHaveValue('');
    await expect(field(/Landmark or nearest bus stop/)).toHaveValue('');
    await expect(within(dialog()).getByRole('button', { name: 'Enter' })).toBeEnabled();
  },
};

/** Change on the cart page: the form starts from the saved location. */
export const Prefilled: Story = {
  args: { delivery: location('prefilled') },
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Delivery Information');
    const { field } = screenOf(canvasElement);
    await expect(field(/Full Address/)).toHaveValue(fixtureDelivery.address);
    // The area by the name people use; the value kept is still the contract's.
    await expect(field(/^City/)).toHaveValue('Bodija');
    await expect(field(/^Mobile Number/)).toHaveValue(fixtureDelivery.mobile_number);
    await expect(field(/Alt\. Mobile Number/)).toHaveValue(fixtureDelivery.alt_mobile_number);
  },
};

/** Every message the form shows beside a field: first all empty, then wrong mobile numbers. */
export const WithErrors: Story = {
  loaders: [
    async () => {
      mockDb.delivery = null;
      return {};
    },
  ],
  play: async ({ canvasElement, args, step }) => {
    await shownDialog(canvasElement, 'Delivery Information');
    const { dialog, field } = screenOf(canvasElement);
    const inDialog = () => within(dialog());

    await step('Enter with nothing filled in', async () => {
      await waitFor(() => expect(field(/^Mobile Number/)).toHaveValue('08031234567'));
      await userEvent.clear(field(/^Mobile Number/));
      await userEvent.click(inDialog().getByRole('button', { name: 'Enter' }));
      await expect(inDialog().getByText('Enter the address we should deliver to')).toBeVisible();
      await expect(inDialog().getByText('Choose the city to deliver to')).toBeVisible();
      await expect(
        inDialog().getByText('Enter a mobile number we can call on delivery'),
      ).toBeVisible();
      await expect(field(/Full Address/)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(/Full Address/)).toHaveFocus();
    });

    await step('Enter with numbers that are not Nigerian mobile numbers', async () => {
      await fill(field(/Full Address/), '5 Ring Road');
      await chooseArea(canvasElement, 'Dug', 'Dugbe');
      await fill(field(/^Mobile Number/), '0601234567');
      await fill(field(/Alt\. Mobile Number/), '12345');
      await userEvent.click(inDialog().getByRole('button', { name: 'Enter' }));
      await expect(
        inDialog().getAllByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
      ).toHaveLength(2);
      await expect(field(/^Mobile Number/)).toHaveFocus();
      await expect(inDialog().queryByText('Choose the city to deliver to')).toBeNull();
    });

    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(mockDb.delivery).toBeNull();
  },
};

/** The shopper fixes what was wrong; Enter then creates the location and closes the modal. */
export const Validation: Story = {
  loaders: [
    async () => {
      mockDb.delivery = null;
      return {};
    },
  ],
  play: async ({ canvasElement, args, step }) => {
    await shownDialog(canvasElement, 'Delivery Information');
    const { page, dialog, field } = screenOf(canvasElement);
    const enter = () => within(dialog()).getByRole('button', { name: 'Enter' });

    await step('A wrong number is refused before anything is sent', async () => {
      await fill(field(/Full Address/), '7 Queen Elizabeth Road, Mokola');
      await chooseArea(canvasElement, 'moko', 'Mokola');
      await fill(field(/Landmark or nearest bus stop/), 'Mokola roundabout');
      await fill(field(/^Mobile Number/), '12345');
      await userEvent.click(enter());
      await expect(
        within(dialog()).getByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
      ).toBeVisible();
    });

    await step(
      'Fixed: the message goes as soon as the field changes, and Enter saves',
      async () => {
        await userEvent.clear(field(/^Mobile Number/));
        await expect(
          within(dialog()).queryByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
        ).toBeNull();
        await fill(field(/^Mobile Number/), '+234 805 111 2222');
        await expect(field(/^Mobile Number/)).toHaveValue('+2348051112222');
        await userEvent.click(enter());
        await expect(await page.findByText('Delivery details created!')).toBeInTheDocument();
        await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
        await expect(mockDb.delivery).toMatchObject({
          address: '7 Queen Elizabeth Road, Mokola',
          city: 'Ibadan-Mokola',
          state: 'Oyo State',
          mobile_number: '+2348051112222',
          alt_mobile_number: '',
          landmark: 'Mokola roundabout',
        });
      },
    );
  },
};

/** The server refuses a field (422): its words show beside that field and the modal stays open. */
export const ServerRefusesAField: Story = {
  args: { delivery: location('prefilled') },
  parameters: {
    msw: [
      http.patch(apiUrl('/update-delivery/:id', 'delivery'), () =>
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
    await shownDialog(canvasElement, 'Delivery Information');
    const { page, dialog, field } = screenOf(canvasElement);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enter' }));
    await expect(await page.findByText('Unable to update delivery details')).toBeInTheDocument();
    await expect(within(dialog()).getByText('This number is barred')).toBeVisible();
    await expect(field(/^Mobile Number/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/**
 * Any other refusal shows the server's words above the fields (and under the failure toast):
 * here the saved location was removed meanwhile, so updating it fails.
 */
export const NotSaved: Story = {
  args: { delivery: location('prefilled') },
  loaders: [
    async () => {
      mockDb.delivery = null;
      return {};
    },
  ],
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Delivery Information');
    const { page, dialog } = screenOf(canvasElement);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enter' }));
    const alert = await within(dialog()).findByRole('alert');
    await expect(alert).toHaveTextContent('Delivery location not found');
    await expect(await page.findByText('Unable to update delivery details')).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
