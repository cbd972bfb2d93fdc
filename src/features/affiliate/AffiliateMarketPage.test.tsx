import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, fixtureAffiliate, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { deferred, recordRequests, server } from '../../testing/server';
import AffiliateMarketPage from './AffiliateMarketPage';
import { startedCalls } from '../../testing/startedCalls';

const DETAILS_URL = apiUrl('/affiliate-details', 'affiliates');
const REGISTER_URL = apiUrl('/affiliate-registration', 'affiliates');
const PAYMENT_URL = apiUrl('/request-payment', 'affiliates');

function renderAffiliate(session: SessionState = signedInSession) {
  const view = renderWithProviders(<AffiliateMarketPage />, {
    preloadedState: { session },
    route: '/profile/affiliate-market',
  });
  // No pause between keystrokes: the tests stay quick on a busy machine.
  return { ...view, user: userEvent.setup({ delay: null }) };
}

type User = ReturnType<typeof renderAffiliate>['user'];

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

/** The value shown for a detail: the <dd> after its <dt>. */
function detail(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** What a stat card says, found by its label. */
function stat(label: string): string {
  return screen.getByRole('listitem', { name: label }).textContent;
}

async function fillRegistration(user: User, code = 'Bodija-Queen') {
  const form = await screen.findByRole('form', { name: 'Affiliate registration' });
  await user.type(within(form).getByRole('textbox', { name: /affiliate code/i }), code);
  await user.selectOptions(
    within(form).getByRole('combobox', { name: /bank name/i }),
    'Guaranty Trust Bank (GTBank)',
  );
  await user.type(within(form).getByRole('textbox', { name: /account number/i }), '0123456789');
  await user.type(within(form).getByRole('textbox', { name: /account name/i }), 'Kemi Alade');
  return form;
}

describe('AffiliateMarketPage', () => {
  it('signed out: asks to log in, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderAffiliate(initialSessionState);
    expect(screen.getByRole('heading', { level: 1, name: 'Affiliate Market' })).toBeVisible();
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Faffiliate-market',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  describe('details view', () => {
    it('shows Loading..., then the code, share link, earnings and bank details', async () => {
      renderAffiliate();
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(await screen.findByTestId('affiliate-code')).toHaveTextContent('adebayo7');
      expect(document.title).toBe('Affiliate Market | Ibadan Market');
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('textbox', { name: 'Your sign-up link' })).toHaveValue(
        'http://localhost/auth/register?ref=adebayo7',
      );
      expect(stat('Month generated')).toContain('₦ 1,250');
      expect(stat('Total generated')).toContain('₦ 8,400');
      expect(stat('Total paid')).toContain('₦ 7,150');
      expect(detail('Bank name')).toBe('GTBank');
      expect(detail('Account name')).toBe('Adebayo Ogunleye');
      expect(detail('Account number')).toBe('0123456789');
      expect(screen.getByRole('button', { name: 'Request payment' })).toBeEnabled();
    });

    it("copies the code and the share link, saying 'Copied'", async () => {
      const { user } = renderAffiliate();
      const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await user.click(await screen.findByRole('button', { name: 'Copy code' }));
      expect(await toasts().findByText('Copied')).toBeInTheDocument();
      expect(writeText).toHaveBeenLastCalledWith('adebayo7');

      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(writeText).toHaveBeenLastCalledWith('http://localhost/auth/register?ref=adebayo7');
    });

    it('says how to copy by hand when the clipboard refuses', async () => {
      const { user } = renderAffiliate();
      const writeText = jest.fn<Promise<void>, [string]>().mockRejectedValue(new Error('denied'));
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await user.click(await screen.findByRole('button', { name: 'Copy link' }));
      expect(
        await toasts().findByText('Could not copy. Select the text and copy it yourself.'),
      ).toBeInTheDocument();
      expect(toasts().queryByText('Copied')).not.toBeInTheDocument();
    });

    it('has no Request payment while month_generated is 0', async () => {
      mockDb.affiliate = { ...fixtureAffiliate, month_generated: 0 };
      renderAffiliate();
      expect(await screen.findByTestId('affiliate-code')).toBeVisible();
      expect(stat('Month generated')).toContain('₦ 0');
      expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
      expect(screen.getByText(/Nothing to request yet/)).toBeVisible();
    });

    it('tolerates bank details that are not JSON', async () => {
      mockDb.affiliate = { ...fixtureAffiliate, acount_details: 'GTBank 0123456789' };
      renderAffiliate();
      expect(await screen.findByTestId('affiliate-code')).toBeVisible();
      expect(screen.getByText(/couldn’t read your bank details/)).toBeVisible();
      expect(stat('Total paid')).toContain('₦ 7,150');
    });

    it('requests payment with the spec toasts, and the refreshed details drop the button', async () => {
      const requests = recordRequests();
      // The usual handler answers once the test has seen the pending toast.
      const answer = deferred();
      server.use(
        http.get(PAYMENT_URL, async () => {
          await answer.gate;
          return undefined;
        }),
      );
      const { user } = renderAffiliate();
      await user.click(await screen.findByRole('button', { name: 'Request payment' }));
      expect(await toasts().findByText('Requesting payment...')).toBeInTheDocument();
      answer.release();
      expect(await toasts().findByText('Payment successfully Requested!')).toBeInTheDocument();
      expect(
        requests.some((r) => r.method === 'GET' && r.url.pathname.endsWith('/request-payment')),
      ).toBe(true);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument(),
      );
      expect(stat('Total paid')).toContain('₦ 8,400');
    });

    it("says 'Unable to request payment' when the request fails", async () => {
      server.use(
        http.get(PAYMENT_URL, () =>
          HttpResponse.json({ detail: 'You have no earnings to request yet' }, { status: 400 }),
        ),
      );
      const { user } = renderAffiliate();
      await user.click(await screen.findByRole('button', { name: 'Request payment' }));
      expect(await toasts().findByText('Unable to request payment')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Request payment' })).toBeEnabled();
    });
  });

  describe('registration', () => {
    beforeEach(() => {
      mockDb.affiliate = null;
    });

    it('a 404 shows the form; the code is lowercased as typed', async () => {
      const { user } = renderAffiliate();
      const form = await screen.findByRole('form', { name: 'Affiliate registration' });
      const code = within(form).getByRole('textbox', { name: /affiliate code/i });
      await user.type(code, 'BoDiJa');
      expect(code).toHaveValue('bodija');
      const bank = within(form).getByRole('combobox', { name: /bank name/i });
      const banks = within(bank)
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(banks).toHaveLength(28);
      expect(banks).toContain('Moniepoint Microfinance Bank');
      expect(banks).toContain('United Bank for Africa (UBA)');
      expect(banks.at(-1)).toBe('Zenith Bank');
    });

    it('checks the account number is 10 digits, inline, before sending', async () => {
      const requests = recordRequests();
      const { user } = renderAffiliate();
      const form = await fillRegistration(user);
      const number = within(form).getByRole('textbox', { name: /account number/i });
      await user.clear(number);
      await user.type(number, '12345');
      await user.tab();
      expect(number).toHaveAccessibleDescription('Enter the 10-digit account number (NUBAN)');
      await user.click(within(form).getByRole('button', { name: 'Register' }));
      expect(number).toHaveFocus();
      expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('sends the code lowercased and account_details as JSON text, then shows the details', async () => {
      const requests = recordRequests();
      const { user } = renderAffiliate();
      const form = await fillRegistration(user, 'Bodija-Queen');
      await user.click(within(form).getByRole('button', { name: 'Register' }));

      expect(await toasts().findByText('Account successfully Registered!')).toBeInTheDocument();
      const post = requests.find((r) => r.method === 'POST');
      expect(post?.url.pathname).toMatch(/\/affiliate-registration$/);
      const body: unknown = JSON.parse((await post?.body) ?? '');
      expect(body).toEqual({
        affiliate_code: 'bodija-queen',
        account_details: JSON.stringify({
          account_number: '0123456789',
          account_name: 'Kemi Alade',
          bank_name: 'Guaranty Trust Bank (GTBank)',
        }),
      });

      expect(await screen.findByTestId('affiliate-code')).toHaveTextContent('bodija-queen');
      expect(
        screen.queryByRole('form', { name: 'Affiliate registration' }),
      ).not.toBeInTheDocument();
      expect(detail('Bank name')).toBe('Guaranty Trust Bank (GTBank)');
      expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
    });

    it('shows the pending toast while registering', async () => {
      let answer: () => void = () => {};
      server.use(
        http.post(REGISTER_URL, async () => {
          await new Promise<void>((resolve) => {
            answer = resolve;
          });
          return HttpResponse.json({ detail: 'Try later' }, { status: 503 });
        }),
      );
      const { user } = renderAffiliate();
      const form = await fillRegistration(user);
      await user.click(within(form).getByRole('button', { name: 'Register' }));
      expect(await toasts().findByText('Registering account...')).toBeInTheDocument();
      answer();
      expect(await toasts().findByText('Unable to register account')).toBeInTheDocument();
      expect(within(form).getByRole('alert')).toHaveTextContent('Try later');
    });

    it('a taken code shows beside the code field', async () => {
      server.use(
        http.post(REGISTER_URL, () =>
          HttpResponse.json(
            { detail: 'This affiliate code is taken. Choose another one.' },
            { status: 409 },
          ),
        ),
      );
      const { user } = renderAffiliate();
      const form = await fillRegistration(user);
      await user.click(within(form).getByRole('button', { name: 'Register' }));
      expect(await toasts().findByText('Unable to register account')).toBeInTheDocument();
      const code = within(form).getByRole('textbox', { name: /affiliate code/i });
      expect(code).toHaveAccessibleDescription('This affiliate code is taken. Choose another one.');
      expect(code).toHaveFocus();
      // Said once, beside the code, not again above the form.
      expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('a 422 shows beside its field', async () => {
      server.use(
        http.post(REGISTER_URL, () =>
          HttpResponse.json(
            {
              detail: [
                {
                  loc: ['body', 'account_details', 'account_name'],
                  msg: 'Enter the account name',
                  type: 'string_pattern_mismatch',
                },
              ],
            },
            { status: 422 },
          ),
        ),
      );
      const { user } = renderAffiliate();
      const form = await fillRegistration(user);
      await user.click(within(form).getByRole('button', { name: 'Register' }));
      const name = within(form).getByRole('textbox', { name: /account name/i });
      await waitFor(() => expect(name).toHaveAccessibleDescription('Enter the account name'));
    });
    it('a 422 about something the form does not show is said above the fields', async () => {
      server.use(
        http.post(REGISTER_URL, () =>
          HttpResponse.json(
            {
              detail: [
                { loc: ['body', 'account_details'], msg: 'Not valid JSON', type: 'json_invalid' },
              ],
            },
            { status: 422 },
          ),
        ),
      );
      const { user } = renderAffiliate();
      const form = await fillRegistration(user);
      await user.click(within(form).getByRole('button', { name: 'Register' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(/^Not valid JSON$/);
    });
  });

  describe('load errors, in the words the product uses', () => {
    it('500: the server message', async () => {
      server.use(
        http.get(DETAILS_URL, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
      );
      renderAffiliate();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Something went wrong on the server. Please try again later.',
      );
    });

    it('another status: "An error occurred: {detail}"', async () => {
      server.use(
        http.get(DETAILS_URL, () =>
          HttpResponse.json({ detail: 'Affiliates are paused this week' }, { status: 403 }),
        ),
      );
      renderAffiliate();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'An error occurred: Affiliates are paused this week',
      );
    });

    it('no answer: "No response from server. Check your connection." and Try again', async () => {
      let failing = true;
      server.use(
        http.get(DETAILS_URL, () =>
          failing ? HttpResponse.error() : HttpResponse.json(mockDb.affiliate),
        ),
      );
      const { user } = renderAffiliate();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'No response from server. Check your connection.',
      );
      failing = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByTestId('affiliate-code')).toHaveTextContent('adebayo7');
    });
  });
});
