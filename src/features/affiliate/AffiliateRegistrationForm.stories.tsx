import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, fixtureAffiliate, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import AffiliateRegistrationForm from './AffiliateRegistrationForm';
import { onPage } from '../../testing/storyPage';

const REGISTER_URL = apiUrl('/affiliate-registration', 'affiliates');

/** The form's fields and the toaster, for a play function. */
function screenOf(canvasElement: HTMLElement) {
  const form = within(within(canvasElement).getByRole('form', { name: 'Affiliate registration' }));
  return {
    form,
    page: within(canvasElement.ownerDocument.body),
    code: form.getByRole('textbox', { name: /affiliate code/i }),
    bank: form.getByRole('combobox', { name: /bank name/i }),
    accountNumber: form.getByRole('textbox', { name: /account number/i }),
    accountName: form.getByRole('textbox', { name: /account name/i }),
    register: form.getByRole('button', { name: 'Register' }),
  };
}

/** Types a whole value at once, as a paste does (MUI fields are slow to type into key by key). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** A complete, valid registration: a bank chosen and a 10-digit account number. */
async function fillValidForm(canvasElement: HTMLElement) {
  const fields = screenOf(canvasElement);
  await fill(fields.code, 'Bodija-Queen');
  await userEvent.selectOptions(fields.bank, 'Guaranty Trust Bank (GTBank)');
  await fill(fields.accountNumber, '0123456789');
  await fill(fields.accountName, 'Kemi Alade');
  return fields;
}

const meta = {
  title: 'Modals/AffiliateRegistrationForm',
  component: AffiliateRegistrationForm,
  decorators: [onPage],
  args: { onAlreadyRegistered: fn() },
  argTypes: {
    onAlreadyRegistered: {
      description:
        'The server says this shopper is registered already; the page then shows their details.',
    },
  },
  // Registering sends the shopper's token; this shopper has not joined yet.
  parameters: {
    route: paths.affiliateMarket,
    store: { preloadedState: { session: signedInSession } },
  },
  loaders: [
    async () => {
      mockDb.affiliate = null;
      return {};
    },
  ],
} satisfies Meta<typeof AffiliateRegistrationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not an affiliate yet: every field empty, no bank chosen. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { code, bank, accountNumber, accountName, register } = screenOf(canvasElement);
    await expect(code).toHaveValue('');
    await expect(bank).toHaveValue('');
    await expect(accountNumber).toHaveValue('');
    await expect(accountName).toHaveValue('');
    await expect(register).toBeEnabled();
  },
};

/** Register with a short code, no bank, a 9-digit account number and no name: each says why. */
export const WithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const { code, bank, accountNumber, accountName, register } = screenOf(canvasElement);
    await fill(code, 'ab');
    await fill(accountNumber, '123456789');
    await userEvent.click(register);

    await expect(code).toHaveAccessibleDescription(
      'Use 3 to 30 letters, digits, - or _ for your affiliate code',
    );
    await expect(bank).toHaveAccessibleDescription('Choose your bank');
    await expect(accountNumber).toHaveAccessibleDescription(
      'Enter the 10-digit account number (NUBAN)',
    );
    await expect(accountName).toHaveAccessibleDescription('Enter the account name');
    await expect(code).toHaveFocus();
    await expect(args.onAlreadyRegistered).not.toHaveBeenCalled();
    await expect(mockDb.affiliate).toBeNull();
  },
};

/** A bank and a 10-digit account number: registered, with the spec's success toast. */
export const Registered: Story = {
  play: async ({ canvasElement }) => {
    const { code, register, page } = await fillValidForm(canvasElement);
    // The code is lowercased as it is typed.
    await expect(code).toHaveValue('bodija-queen');
    await userEvent.click(register);

    await expect(await page.findByText('Account successfully Registered!')).toBeInTheDocument();
    await expect(mockDb.affiliate).toMatchObject({
      code: 'bodija-queen',
      acount_details: JSON.stringify({
        account_number: '0123456789',
        account_name: 'Kemi Alade',
        bank_name: 'Guaranty Trust Bank (GTBank)',
      }),
    });
  },
};

/** The server answers that this shopper is registered already: the page is told to show their details. */
export const AlreadyRegistered: Story = {
  // Registered in another tab meanwhile: the backend answers 409 'You are already registered as an affiliate'.
  loaders: [
    async () => {
      mockDb.affiliate = structuredClone(fixtureAffiliate);
      return {};
    },
  ],
  play: async ({ canvasElement, args }) => {
    const { register, page } = await fillValidForm(canvasElement);
    await userEvent.click(register);

    await waitFor(() => expect(args.onAlreadyRegistered).toHaveBeenCalledTimes(1));
    await expect(await page.findByText('Unable to register account')).toBeInTheDocument();
  },
};

/** Someone else has the code: the server's words show beside the code field. */
export const CodeTaken: Story = {
  parameters: {
    msw: [
      http.post(REGISTER_URL, () =>
        HttpResponse.json(
          { detail: 'This affiliate code is taken. Choose another one.' },
          { status: 409 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const { code, register, page } = await fillValidForm(canvasElement);
    await userEvent.click(register);

    await expect(await page.findByText('Unable to register account')).toBeInTheDocument();
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('This affiliate code is taken. Choose another one.'),
    );
    await expect(code).toHaveFocus();
    await expect(args.onAlreadyRegistered).not.toHaveBeenCalled();
  },
};
