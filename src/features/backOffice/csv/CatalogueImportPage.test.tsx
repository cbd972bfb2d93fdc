import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signedInSession } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { recordRequests, server } from '../../../testing/server';
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

function renderPage() {
  return renderWithProviders(<CatalogueImportPage />, {
    preloadedState: { session: signedInSession },
    route: '/staff/import',
  });
}

function chooseFile(text: string, name = 'catalogue.csv') {
  const input = screen.getByTestId('catalogue-file');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

beforeEach(() => server.use(...catalogueImportHandlers));

describe('the catalogue spreadsheet page', () => {
  it('before a file is chosen: the download and the file picker, nothing to apply', () => {
    renderPage();
    expect(screen.getByRole('button', { name: DOWNLOAD_LABEL })).toBeEnabled();
    expect(screen.getByRole('button', { name: CHOOSE_LABEL })).toBeEnabled();
    expect(screen.getByTestId('catalogue-file')).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.queryByRole('button', { name: APPLY_LABEL })).not.toBeInTheDocument();
  });

  it('downloads the catalogue through the signed-in call, as a CSV file Excel reads', async () => {
    const saved: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:catalogue';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const requests = recordRequests();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: DOWNLOAD_LABEL }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]?.href).toBe('blob:catalogue');
    // One byte order mark (EF BB BF) before the header, so Excel reads ₦ and accents right.
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3, 24))).toBe('slug,name,description');
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
      'GET /api/staff/products.csv',
    );
    click.mockRestore();
  });

  it('previews a file: the counts, each product added and each change old → new, then applies it', async () => {
    const requests = recordRequests();
    const { user } = renderPage();
    chooseFile(fixtureEditedCsv);
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(
      within(preview).getByText('1 to add · 2 to change · 76 unchanged · 0 with problems'),
    ).toBeVisible();
    const added = within(preview).getByRole('list', { name: 'To add' });
    expect(added).toHaveTextContent('Peak Milk Tin 400g (Provisions): ₦ 2,300, stock 0');
    const changed = within(preview).getByRole('list', { name: 'To change' });
    expect(changed).toHaveTextContent('Mama Gold Rice 10kg');
    expect(changed).toHaveTextContent('price: ₦ 18,500 → ₦ 19,000');
    expect(changed).toHaveTextContent('price: ₦ 5,600 → ₦ 5,800');
    const sent = requests.find((r) => r.url.pathname.endsWith('/staff/products/import'));
    expect(new URL(sent!.url).searchParams.get('dry_run')).toBe('1');
    expect(sent?.headers.get('content-type')).toBe('text/csv');

    await user.click(within(preview).getByRole('button', { name: APPLY_LABEL }));
    const done = await screen.findByRole('region', { name: 'Applied' });
    expect(within(done).getByText(/Done: 1 product added, 2 products changed/)).toBeVisible();
    expect(within(done).queryByRole('button', { name: APPLY_LABEL })).not.toBeInTheDocument();
    const applied = requests.filter((r) => r.url.pathname.endsWith('/staff/products/import'));
    expect(applied).toHaveLength(2);
    expect(new URL(applied[1]!.url).searchParams.has('dry_run')).toBe(false);
  });

  it('a file with bad lines: each line and its reason, and Apply stays off', async () => {
    renderPage();
    chooseFile(fixtureBadCsv);
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(
      within(preview).getByText(/Nothing can be applied while 2 lines have problems/),
    ).toBeVisible();
    const bad = within(preview).getByRole('list', { name: 'Lines with problems' });
    expect(bad).toHaveTextContent('Line 3: The category "Vegetables" is not on the shop\'s list');
    expect(bad).toHaveTextContent('Line 4: Price "abc" is not an amount in naira');
    expect(within(preview).getByRole('button', { name: APPLY_LABEL })).toBeDisabled();
  });

  it('the server failing: says so in words, keeps the file and offers to try again', async () => {
    server.use(...catalogueImportDownHandlers);
    const { user } = renderPage();
    chooseFile(fixtureEditedCsv, 'prices.csv');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal Server Error');
    expect(screen.getByText('prices.csv')).toBeVisible();
    server.use(...catalogueImportHandlers);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Preview' })).toBeVisible();
  });
});
