import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { DELIVERY_AREA_NAMES, DELIVERY_CITIES } from 'contract/rules';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppForm, useAppForm } from '../../../components/form';
import AreaPicker from './AreaPicker';
import type { AreaOption } from './areaNames';

const AREAS: AreaOption[] = DELIVERY_CITIES.map((city) => ({
  city,
  name: DELIVERY_AREA_NAMES[city],
}));

interface PickerDemoProps {
  /** The contract's value the form starts with; '' for none. */
  city: string;
  /** Told the value the form would send. */
  onSend: (city: string) => void;
}

/** The picker in a form of its own, as the Delivery Information form holds it. */
function PickerDemo({ city, onSend }: PickerDemoProps) {
  const form = useAppForm<{ city: string }>({
    defaultValues: { city },
    rules: (v) => ({ city: v.city === '' ? 'Choose the city to deliver to' : undefined }),
    mode: 'onSubmit',
  });
  return (
    <AppForm form={form} onSubmit={(v) => onSend(v.city)} sx={{ display: 'grid', gap: 2 }}>
      <AreaPicker<{ city: string }> name="city" label="City" options={AREAS} required />
      <Button type="submit" variant="contained">
        Enter
      </Button>
    </AppForm>
  );
}

/** The options list is portalled to <body>, outside the story's canvas. */
const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * The area of a delivery location, searched by the names people use ("Idi-Ape / Ashi"),
 * never the contract's labels ("Ibadan-Idi_Ape-Ashi"), which stay what the form sends.
 */
const meta = {
  title: 'Components/AreaPicker',
  component: PickerDemo,
  decorators: [
    (Story) => (
      <Container maxWidth="xs" sx={{ py: 4, minHeight: 480 }}>
        <Story />
      </Container>
    ),
  ],
  args: { city: '', onSend: fn() },
  argTypes: {
    city: { options: ['', ...DELIVERY_CITIES], control: { type: 'select' } },
    onSend: { description: 'Enter with an area chosen: the value sent.' },
  },
  parameters: { docs: { story: { inline: false, height: '520px' } } },
} satisfies Meta<typeof PickerDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: tapping the field lists every area by its name. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /^City/ });
    await expect(input).toHaveValue('');
    await userEvent.click(input);
    const list = await pageOf(canvasElement).findByRole('listbox');
    await expect(within(list).getAllByRole('option')).toHaveLength(12);
    await expect(within(list).getByRole('option', { name: 'Idi-Ape / Ashi' })).toBeVisible();
  },
};

/** Part of a name finds the area; the value sent is the contract's. */
export const Searching: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /^City/ });
    await userEvent.click(input);
    await userEvent.paste('ashi');
    const list = await pageOf(canvasElement).findByRole('listbox');
    await expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Idi-Ape / Ashi']);
    await userEvent.click(within(list).getByRole('option', { name: 'Idi-Ape / Ashi' }));
    await expect(input).toHaveValue('Idi-Ape / Ashi');
    await userEvent.click(canvas.getByRole('button', { name: 'Enter' }));
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('Ibadan-Idi_Ape-Ashi'));
  },
};

/** A name the shop does not serve says so, and points at pickup. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: /^City/ });
    await userEvent.click(input);
    await userEvent.paste('Lagos');
    await expect(
      await pageOf(canvasElement).findByText(
        'No area by that name: try another spelling, or choose Pickup Station',
      ),
    ).toBeVisible();
  },
};

/** A saved location's area shows by its name. */
export const Chosen: Story = {
  args: { city: 'Ibadan-UI (University of Ibadan)' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: /^City/ })).toHaveValue(
      'UI (University of Ibadan)',
    );
  },
};

/** Enter without an area: the problem shows under the field, which is marked invalid. */
export const WithError: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enter' }));
    await expect(await canvas.findByText('Choose the city to deliver to')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^City/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};
