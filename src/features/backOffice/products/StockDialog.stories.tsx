import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { catalogueMockDb, fixtureAdminProduct } from '../../../testing/backOffice/productsHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import StockDialog, { STOCK_WORDS } from './StockDialog';

const rice = fixtureAdminProduct();
const TITLE = `Stock of ${rice.name}`;

const meta = {
  title: 'Back office/StockDialog',
  component: StockDialog,
  args: { open: true, product: rice, onClose: fn() },
  parameters: {
    route: '/staff/products/1',
    store: { preloadedState: { session: staffSession } },
    docs: { story: { inline: false, height: '560px' } },
  },
} satisfies Meta<typeof StockDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Units received: added to what is on sale, with the reason and a note. */
export const Received: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.type(dialog.getByRole('textbox', { name: /Units/ }), '6');
    await userEvent.type(dialog.getByRole('textbox', { name: /Note/ }), 'From Bodija market');
    await userEvent.click(dialog.getByRole('button', { name: 'Save stock' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(catalogueMockDb.products[0]?.stock).toBe(18);
  },
};

/** A count of the shelf, from the low-stock list: held units are counted too. */
export const Count: Story = {
  args: { startWith: 'count' },
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await expect(dialog.getByText(/Count the 2 set aside for orders too/)).toBeVisible();
  },
};

/** A count below what open orders hold is refused in words; nothing changes. */
export const CountBelowHeld: Story = {
  args: { startWith: 'count' },
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.type(dialog.getByRole('textbox', { name: /Units you counted/ }), '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Save stock' }));
    await expect(await dialog.findByText(/2 are held for open orders/)).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(catalogueMockDb.products[0]?.stock).toBe(12);
  },
};

/** No number given: the dialog says so and sends nothing. */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.click(dialog.getByRole('button', { name: 'Save stock' }));
    await expect(await dialog.findByText(STOCK_WORDS.units)).toBeVisible();
  },
};
