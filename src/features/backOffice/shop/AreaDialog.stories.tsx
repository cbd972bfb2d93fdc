import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fixtureDeliveryAreas, shopMockDb } from '../../../testing/backOffice/shopSettingsHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import AreaDialog, { NAME_MISSING } from './AreaDialog';
import { FEE_PROBLEM } from './shopWords';

const bodija = fixtureDeliveryAreas.find((a) => a.city === 'Ibadan-Bodija')!;

const meta = {
  title: 'Back office/Shop/AreaDialog',
  component: AreaDialog,
  args: { open: true, area: bodija, onClose: fn() },
  argTypes: {
    open: { control: { type: 'boolean' } },
    onClose: { description: 'Cancel, Escape, or the area saved.' },
  },
  parameters: {
    route: '/staff/delivery',
    store: { preloadedState: { session: staffSession } },
    docs: { story: { inline: false, height: '560px' } },
  },
} satisfies Meta<typeof AreaDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const TITLE = `Delivery to ${bodija.name}`;

/** The area as it is: name, fee, time and the switch, ready to change. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await expect(dialog.getByRole('textbox', { name: /Delivery fee/ })).toHaveValue('1150');
    await expect(dialog.getByRole('switch', { name: 'We deliver here' })).toBeChecked();
  },
};

/** A new fee is saved with the whole list, and the dialog closes. */
export const SavesFee: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save area' })).toBeEnabled());
    const fee = dialog.getByRole('textbox', { name: /Delivery fee/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '1,500');
    await userEvent.click(dialog.getByRole('button', { name: 'Save area' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(shopMockDb.areas.find((a) => a.city === bodija.city)?.fee).toBe(1500);
    await expect(shopMockDb.areas).toHaveLength(12);
  },
};

/** Switched off: the label says shoppers cannot choose it, and the switch is saved. */
export const SwitchesOff: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save area' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('switch', { name: 'We deliver here' }));
    await expect(dialog.getByText('Switched off: shoppers cannot choose it')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Save area' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(shopMockDb.areas.find((a) => a.city === bodija.city)?.enabled).toBe(false);
  },
};

/** Mistakes are shown beside their fields; nothing is sent and what was typed stays. */
export const Mistakes: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.clear(dialog.getByRole('textbox', { name: /Name shoppers see/ }));
    const fee = dialog.getByRole('textbox', { name: /Delivery fee/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '-20');
    await userEvent.click(dialog.getByRole('button', { name: 'Save area' }));
    await expect(await dialog.findByText(NAME_MISSING)).toBeVisible();
    await expect(dialog.getByText(FEE_PROBLEM)).toBeVisible();
    await expect(fee).toHaveValue('-20');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
