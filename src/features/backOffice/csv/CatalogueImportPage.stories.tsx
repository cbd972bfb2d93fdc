import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { signedInSession } from '../../../testing/fixtures';
import { url } from '../../../testing/mockDb';
import {
  catalogueImportDownHandlers,
  catalogueImportHandlers,
  fixtureBadCsv,
  fixtureEditedCsv,
} from '../../../testing/backOffice/catalogueImportHandlers';
import CatalogueImportPage, {
  APPLY_LABEL,
  CHOOSE_LABEL,
  DOWNLOAD_LABEL,
} from './CatalogueImportPage';

const meta = {
  title: 'Back office/Spreadsheet',
  component: CatalogueImportPage,
  parameters: {
    route: '/staff/import',
    store: { preloadedState: { session: signedInSession } },
    msw: catalogueImportHandlers,
  },
} satisfies Meta<typeof CatalogueImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner picks a file on the phone: the hidden file input the button opens. */
async function choose(canvasElement: HTMLElement, text: string, name = 'catalogue.csv') {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('The page has no file input');
  await userEvent.upload(input, new File([text], name, { type: 'text/csv' }));
}

/** Nothing chosen yet: the download and the file picker; nothing to apply. */
export const NothingChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: DOWNLOAD_LABEL })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: CHOOSE_LABEL })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: APPLY_LABEL })).not.toBeInTheDocument();
  },
};

/** The file is being checked: the server has not answered yet. */
export const Previewing: Story = {
  parameters: {
    msw: [http.post(url('/staff/products/import', 'staff'), () => delay('infinite'))],
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, fixtureEditedCsv);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Checking every line of the file…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose another file' })).toBeDisabled();
  },
};

/** Two prices changed and a product added: each shown, old → new, and Apply ready. */
export const PreviewWithChanges: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, fixtureEditedCsv);
    const preview = within(await within(canvasElement).findByRole('region', { name: 'Preview' }));
    await expect(preview.getByRole('list', { name: 'To change' })).toHaveTextContent(
      'price: ₦ 18,500 → ₦ 19,000',
    );
    await expect(preview.getByRole('list', { name: 'To add' })).toHaveTextContent(
      'Peak Milk Tin 400g',
    );
    await expect(preview.getByRole('button', { name: APPLY_LABEL })).toBeEnabled();
  },
};

/** Lines with problems: each with its line and reason; Apply stays off. */
export const PreviewWithBadRows: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, fixtureBadCsv);
    const preview = within(await within(canvasElement).findByRole('region', { name: 'Preview' }));
    await expect(preview.getByRole('list', { name: 'Lines with problems' })).toHaveTextContent(
      'Line 4: Price "abc" is not an amount in naira',
    );
    await expect(preview.getByRole('button', { name: APPLY_LABEL })).toBeDisabled();
  },
};

/** Applied: what was added and changed, and no second Apply. */
export const Applied: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, fixtureEditedCsv);
    const canvas = within(canvasElement);
    const preview = within(await canvas.findByRole('region', { name: 'Preview' }));
    await userEvent.click(preview.getByRole('button', { name: APPLY_LABEL }));
    const done = within(await canvas.findByRole('region', { name: 'Applied' }));
    await expect(done.getByText(/Done: 1 product added, 2 products changed/)).toBeVisible();
    await expect(done.queryByRole('button', { name: APPLY_LABEL })).not.toBeInTheDocument();
  },
};

/** The server failing: its words, the file kept, and a way to try again. */
export const ServerError: Story = {
  parameters: { msw: catalogueImportDownHandlers },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, fixtureEditedCsv, 'prices.csv');
    const canvas = within(canvasElement);
    const alert = within(await canvas.findByRole('alert'));
    await expect(alert.getByText('Internal Server Error')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.getByText('prices.csv')).toBeVisible();
  },
};
