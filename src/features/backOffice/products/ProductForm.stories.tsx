import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  catalogueMockDb,
  fixtureAdminProduct,
  ownerSession,
  someoneElseSaved,
} from '../../../testing/backOffice/productsHandlers';
import ProductForm, { PRODUCT_WORDS } from './ProductForm';

const CATEGORIES = ['Staples', 'Fresh Food', 'Provisions', 'Drinks', 'Toiletries', 'Household'];

const meta = {
  title: 'Back office/ProductForm',
  component: ProductForm,
  args: {
    product: null,
    categories: CATEGORIES,
    canEdit: true,
    onSaved: fn(),
    onReload: fn(),
  },
  parameters: {
    route: '/staff/products/new',
    store: { preloadedState: { session: ownerSession } },
  },
} satisfies Meta<typeof ProductForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new product: empty fields, "Add product". */
export const NewProduct: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Add product' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Price' })).toHaveValue('');
  },
};

/** Mistakes are named beside their fields and nothing is sent. */
export const Errors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Price' }), '0');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Discount' }), '500');
    await userEvent.click(canvas.getByRole('button', { name: 'Add product' }));
    await expect(await canvas.findByText(PRODUCT_WORDS.name)).toBeVisible();
    await expect(canvas.getByText(PRODUCT_WORDS.category)).toBeVisible();
    await expect(canvas.getByText(PRODUCT_WORDS.pricePositive)).toBeVisible();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** An existing product, as the owner edits it: prices shown as typed, stock via the dialog. */
export const Edit: Story = {
  args: { product: fixtureAdminProduct() },
  parameters: { route: '/staff/products/1' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const price = canvas.getByRole('textbox', { name: 'Price' });
    await expect(price).toHaveValue('9,500');
    await expect(canvas.getByRole('textbox', { name: 'Stock on sale' })).toBeDisabled();
    await userEvent.clear(price);
    await userEvent.type(price, '₦9,900.00');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(catalogueMockDb.products[0]?.price).toBe(9900);
  },
};

/** A staff member: every field read-only, no save, and why. */
export const StaffView: Story = {
  args: { product: fixtureAdminProduct(), canEdit: false },
  parameters: { route: '/staff/products/1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PRODUCT_WORDS.ownerOnly)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Price' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  },
};

/** Someone saved first: the form says who and when, keeps what was typed, saves nothing. */
export const StaleEdit: Story = {
  args: { product: fixtureAdminProduct() },
  parameters: { route: '/staff/products/1' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    someoneElseSaved(1, 'Kemi Adeyemi');
    const price = canvas.getByRole('textbox', { name: 'Price' });
    await userEvent.clear(price);
    await userEvent.type(price, '9,900');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText(/Kemi Adeyemi changed this product/)).toBeVisible();
    await expect(price).toHaveValue('9,900');
    await expect(args.onSaved).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'See their change' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};
