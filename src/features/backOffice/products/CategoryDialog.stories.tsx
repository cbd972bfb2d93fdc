import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { catalogueMockDb, ownerSession } from '../../../testing/backOffice/productsHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import CategoryDialog, { CATEGORY_NAME_MISSING } from './CategoryDialog';

const meta = {
  title: 'Back office/CategoryDialog',
  component: CategoryDialog,
  args: { open: true, category: null, onClose: fn() },
  parameters: {
    route: '/staff/categories',
    store: { preloadedState: { session: ownerSession } },
    docs: { story: { inline: false, height: '420px' } },
  },
} satisfies Meta<typeof CategoryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new category goes to the end of the list. */
export const Add: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, 'New category');
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'Spices');
    await userEvent.click(dialog.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(catalogueMockDb.categories.at(-1)?.name).toBe('Spices');
  },
};

/** A name already on the list is refused beside the field. */
export const Duplicate: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, 'New category');
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'staples');
    await userEvent.click(dialog.getByRole('button', { name: 'Add category' }));
    await expect(
      await dialog.findByText('There is already a category called “Staples”.'),
    ).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** An empty name: the dialog says what is missing. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, 'New category');
    await userEvent.click(dialog.getByRole('button', { name: 'Add category' }));
    await expect(await dialog.findByText(CATEGORY_NAME_MISSING)).toBeVisible();
  },
};

/** Renaming says its products follow the new name. */
export const Rename: Story = {
  args: { category: { id: 1, name: 'Staples', products: 2 } },
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, 'Rename Staples');
    await expect(dialog.getByText(/Its 2 products move to the new name/)).toBeVisible();
    const name = dialog.getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Grains and rice');
    await userEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(catalogueMockDb.categories[0]?.name).toBe('Grains and rice');
  },
};
