import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, fixtureCredentials, fixtureUser, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests, server } from '../../testing/server';
import AccountPage from './AccountPage';
import { startedCalls } from '../../testing/startedCalls';

const ME_URL = apiUrl('/user/me', 'users');
const UPDATE_URL = apiUrl('/customer-update', 'users');

function renderAccount(session: SessionState = signedInSession) {
  const view = renderWithProviders(<AccountPage />, {
    preloadedState: { session },
    route: '/profile',
  });
  // No pause between keystrokes: the tests stay quick on a busy machine.
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

/** The value shown for a read-only detail: the <dd> after its <dt>. */
function detail(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openEditor(user: ReturnType<typeof renderAccount>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return screen.getByRole('form', { name: 'Edit profile' });
}

describe('AccountPage', () => {
  it('signed out: asks to log in, links back here, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderAccount(initialSessionState);
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('shows Loading... and then every detail, read-only, with one h1 and the title', async () => {
    renderAccount();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('My Account | Ibadan Market');
    expect(detail('First name')).toBe('Adebayo');
    expect(detail('Last name')).toBe('Ogunleye');
    expect(detail('Email')).toBe(fixtureUser.email);
    expect(detail('Mobile number')).toBe('08031234567');
    expect(detail('Age')).toBe('34');
    expect(detail('Gender')).toBe('Male');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows why the profile did not load, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(ME_URL, () => {
        calls += 1;
        return calls <= 4
          ? HttpResponse.json({ detail: 'The profile service is resting' }, { status: 503 })
          : HttpResponse.json(mockDb.user);
      }),
    );
    const { user } = renderAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile service is resting');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeVisible();
  });

  it('a refused token signs the shopper out, so the page asks to log in', async () => {
    renderAccount({ ...signedInSession, authToken: 'expired-token' });
    expect(await screen.findByText('Please, log in...')).toBeVisible();
  });

  it('Edit Profile makes only mobile number, age and gender editable, filled with the saved values', async () => {
    const { user } = renderAccount();
    const form = await openEditor(user);
    expect(within(form).getByRole('textbox', { name: 'Mobile number' })).toHaveValue('08031234567');
    expect(within(form).getByRole('textbox', { name: 'Age' })).toHaveValue('34');
    expect(within(form).getByRole('combobox', { name: 'Gender' })).toHaveValue('male');
    expect(within(form).getByRole('textbox', { name: 'Mobile number' })).toHaveFocus();
    expect(within(form).getAllByRole('textbox')).toHaveLength(2);
    // Names and email stay read-only.
    expect(detail('First name')).toBe('Adebayo');
    expect(detail('Email')).toBe(fixtureUser.email);
  });

  it('Save sends user_id plus only the non-empty fields, toasts, and returns to read-only', async () => {
    const requests = recordRequests();
    const { user } = renderAccount();
    const form = await openEditor(user);
    await user.clear(within(form).getByRole('textbox', { name: 'Mobile number' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Age' }));
    await user.type(within(form).getByRole('textbox', { name: 'Age' }), '41');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Gender' }), 'other');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await toasts().findByText('Account successfully updated!')).toBeInTheDocument();
    const update = requests.find((r) => r.method === 'PATCH');
    expect(update?.url.pathname).toMatch(/\/customer-update$/);
    expect(JSON.parse((await update?.body) ?? '')).toEqual({
      user_id: fixtureUser.id,
      age: 41,
      gender: 'other',
    });
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(detail('Age')).toBe('41');
    expect(detail('Gender')).toBe('Other');
    expect(detail('Mobile number')).toBe('08031234567');
  });

  it('shows the pending toast while saving', async () => {
    let answer: () => void = () => {};
    server.use(
      http.patch(UPDATE_URL, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(mockDb.user);
      }),
    );
    const { user } = renderAccount();
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Updating account...')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer();
    expect(await toasts().findByText('Account successfully updated!')).toBeInTheDocument();
  });

  it('Cancel restores the saved values and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = renderAccount();
    let form = await openEditor(user);
    await user.clear(within(form).getByRole('textbox', { name: 'Age' }));
    await user.type(within(form).getByRole('textbox', { name: 'Age' }), '99');
    await user.clear(within(form).getByRole('textbox', { name: 'Mobile number' }));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(detail('Age')).toBe('34');
    expect(detail('Mobile number')).toBe('08031234567');
    form = await openEditor(user);
    expect(within(form).getByRole('textbox', { name: 'Age' })).toHaveValue('34');
    expect(within(form).getByRole('textbox', { name: 'Mobile number' })).toHaveValue('08031234567');
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('checks a Nigerian mobile number and an age of 13 to 120 before sending', async () => {
    const requests = recordRequests();
    const { user } = renderAccount();
    const form = await openEditor(user);
    const mobile = within(form).getByRole('textbox', { name: 'Mobile number' });
    const age = within(form).getByRole('textbox', { name: 'Age' });
    await user.clear(mobile);
    await user.type(mobile, '12345');
    await user.clear(age);
    await user.type(age, '9');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(mobile).toHaveAccessibleDescription(
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    );
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveAccessibleDescription('Age must be between 13 and 120');
    expect(mobile).toHaveFocus();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.clear(age);
    await user.type(age, '121');
    await user.tab();
    expect(age).toHaveAccessibleDescription('Age must be between 13 and 120');
    await user.clear(age);
    await user.type(age, '120');
    await user.clear(mobile);
    await user.type(mobile, '+2348031234567');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Account successfully updated!')).toBeInTheDocument();
  });

  it('a new mobile number asks for the current password and sends it with the update', async () => {
    const requests = recordRequests();
    const { user } = renderAccount();
    const form = await openEditor(user);
    expect(within(form).queryByLabelText(/current password/i)).not.toBeInTheDocument();
    const mobile = within(form).getByRole('textbox', { name: 'Mobile number' });
    await user.clear(mobile);
    await user.type(mobile, '08129998877');
    const password = within(form).getByLabelText(/current password/i);
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(password).toHaveAccessibleDescription(
      'Enter your current password to change your mobile number',
    );
    expect(password).toHaveFocus();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.type(password, 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That is not your current password'),
    );

    await user.clear(password);
    await user.type(password, fixtureCredentials.password);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Account successfully updated!')).toBeInTheDocument();
    const sent = await requests.filter((r) => r.method === 'PATCH').at(-1)?.body;
    expect(JSON.parse(sent ?? '')).toMatchObject({
      user_id: fixtureUser.id,
      mobile_number: '08129998877',
      password: fixtureCredentials.password,
    });
    expect(detail('Mobile number')).toBe('08129998877');
  });

  it('shows a 422 message beside its field and the failure toast with the detail', async () => {
    server.use(
      http.patch(UPDATE_URL, () =>
        HttpResponse.json(
          {
            detail: [
              {
                loc: ['body', 'mobile_number'],
                msg: 'This mobile number belongs to another account',
                type: 'value_error',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderAccount();
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const mobile = within(form).getByRole('textbox', { name: 'Mobile number' });
    await waitFor(() =>
      expect(mobile).toHaveAccessibleDescription('This mobile number belongs to another account'),
    );
    expect(mobile).toHaveFocus();
    expect(await toasts().findByText('Unable to update account')).toBeInTheDocument();
    expect(
      toasts().getByText('Mobile number: This mobile number belongs to another account'),
    ).toBeInTheDocument();
    // Still editing, so the shopper can correct it.
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('says a 422 about a field the form does not show above the fields', async () => {
    const issue = (field: string, msg: string) => ({ loc: ['body', field], msg, type: 'value' });
    server.use(
      http.patch(UPDATE_URL, () =>
        HttpResponse.json({ detail: [issue('user_id', 'Not your account')] }, { status: 422 }),
      ),
    );
    const { user } = renderAccount();
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // Nothing to show beside a field: the whole answer, with the field's name.
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^User id: Not your account$/);

    server.use(
      http.patch(UPDATE_URL, () =>
        HttpResponse.json(
          { detail: [issue('age', 'Too old'), issue('user_id', 'Not your account')] },
          { status: 422 },
        ),
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const age = within(form).getByRole('textbox', { name: 'Age' });
    await waitFor(() => expect(age).toHaveAccessibleDescription('Too old'));
    expect(within(form).getByRole('alert')).toHaveTextContent(/^Not your account$/);
  });

  it("fails with the server's detail, or 'An error occured' when there is none", async () => {
    server.use(
      http.patch(UPDATE_URL, () =>
        HttpResponse.json({ detail: 'You can only update your own account' }, { status: 403 }),
      ),
    );
    const { user } = renderAccount();
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Unable to update account')).toBeInTheDocument();
    expect(toasts().getByText('You can only update your own account')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'You can only update your own account',
    );

    server.use(http.patch(UPDATE_URL, () => new HttpResponse(null, { status: 500 })));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('An error occured')).toBeInTheDocument();
  });
});
