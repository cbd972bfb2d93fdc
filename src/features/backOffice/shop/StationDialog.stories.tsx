import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fixtureShopInfo } from '../../../testing/fixtures';
import { shopMockDb } from '../../../testing/backOffice/shopSettingsHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import StationDialog, { HOURS_MISSING, STATION_NAME_MISSING } from './StationDialog';
import { PHONE_PROBLEM } from './shopWords';

const station = fixtureShopInfo.stations[0]!;

const meta = {
  title: 'Back office/Shop/StationDialog',
  component: StationDialog,
  args: { open: true, onClose: fn() },
  argTypes: {
    open: { control: { type: 'boolean' } },
    onClose: { description: 'Cancel, Escape, or the station saved.' },
  },
  parameters: {
    route: '/staff/delivery',
    store: { preloadedState: { session: staffSession } },
    docs: { story: { inline: false, height: '640px' } },
  },
} satisfies Meta<typeof StationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding a station: every field filled, the station is added and the dialog closes. */
export const Adds: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, 'Add a pickup station');
    await userEvent.type(dialog.getByRole('textbox', { name: /Station name/ }), 'Dugbe station');
    await userEvent.type(dialog.getByRole('textbox', { name: /Address/ }), '3 Dugbe Road, Ibadan');
    await userEvent.type(dialog.getByRole('textbox', { name: /Opening hours/ }), 'Daily, 9 to 5');
    await userEvent.type(dialog.getByRole('textbox', { name: /Phone/ }), '08055556666');
    await userEvent.click(dialog.getByRole('button', { name: 'Add station' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(shopMockDb.stations.map((s) => s.name)).toContain('Dugbe station');
  },
};

/** Editing: the station's details are filled in, and a change is saved. */
export const Edits: Story = {
  args: { station },
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, `Edit ${station.name}`);
    const hours = dialog.getByRole('textbox', { name: /Opening hours/ });
    await expect(hours).toHaveValue(station.opening_hours);
    await userEvent.clear(hours);
    await userEvent.type(hours, 'Daily, 7 am to 7 pm');
    await userEvent.click(dialog.getByRole('button', { name: 'Save station' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(shopMockDb.stations[0]?.opening_hours).toBe('Daily, 7 am to 7 pm');
  },
};

/** Mistakes are named beside their fields; nothing is sent. */
export const Mistakes: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, 'Add a pickup station');
    await userEvent.type(dialog.getByRole('textbox', { name: /Phone/ }), '0803');
    await userEvent.click(dialog.getByRole('button', { name: 'Add station' }));
    await expect(await dialog.findByText(STATION_NAME_MISSING)).toBeVisible();
    await expect(dialog.getByText(HOURS_MISSING)).toBeVisible();
    await expect(dialog.getByText(PHONE_PROBLEM)).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(shopMockDb.stations).toHaveLength(1);
  },
};
