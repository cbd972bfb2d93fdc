import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import {
  apiUrl,
  fixtureAuthToken,
  fixtureCredentials,
  fixtureOtp,
  fixtureUser,
} from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests, server } from '../../testing/server';
import { keepGuestTap } from '../../lib/keptGuestIntent';
import LoginPage from './LoginPage';

const LOGIN_URL = apiUrl('/login', 'users');

/** Where the router is now, for asserting where login led. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderLogin(route = '/auth/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route },
  );
}

type User = ReturnType<typeof renderLogin>['user'];

async function logIn(user: User, email: string, password: string) {
  // Pasted, as a password manager fills them, which keeps the tests quick.
  await user.click(screen.getByLabelText(/email or phone number/i));
  await user.paste(email);
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

describe('LoginPage', () => {
  it('is a page of its own, with the right autocomplete and links', () => {
    renderLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(document.title).toMatch(/^Log in/);
    expect(screen.getByLabelText(/email or phone number/i)).toHaveAttribute(
      'autocomplete',
      'username',
    );
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  });

  it('logs in, fills the session and goes to the shop by default', async () => {
    const { user, store } = renderLogin();
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await toasts().findByText('Login successful!')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({
      authToken: fixtureAuthToken,
      userID: String(fixtureUser.id),
      userName: fixtureUser.first_name,
    });
  });

  it('posts the email as username, form-encoded', async () => {
    const requests = recordRequests();
    const { user } = renderLogin();
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);
    await screen.findByTestId('location');
    const login = requests.find((r) => r.url.pathname.endsWith('/login'));
    expect(login?.headers.get('content-type')).toMatch(/application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(await login?.body);
    expect(form.get('username')).toBe(fixtureCredentials.username);
    expect(form.get('password')).toBe(fixtureCredentials.password);
  });

  it('goes back to the page that sent the shopper to log in (?redirect=)', async () => {
    const { user } = renderLogin('/auth/login?redirect=%2Fprofile%2Forders%3Fpage%3D2');
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/orders?page=2');
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/auth/register'])(
    'never follows a redirect off this site or back into the auth pages (%s)',
    async (target) => {
      const { user } = renderLogin(`/auth/login?redirect=${encodeURIComponent(target)}`);
      await logIn(user, fixtureCredentials.username, fixtureCredentials.password);
      expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    },
  );

  it("shows 'Unable to log in' with the server's detail, and stays", async () => {
    const { user, store } = renderLogin();
    await logIn(user, fixtureCredentials.username, 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(await toasts().findByText('Unable to log in')).toBeInTheDocument();
    expect(toasts().getByText('Incorrect email or password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(store.getState().session.authToken).toBeNull();
  });

  it("says 'An error occured' when the server gives no detail", async () => {
    server.use(http.post(LOGIN_URL, () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderLogin();
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);
    expect(await toasts().findByText('Unable to log in')).toBeInTheDocument();
    expect(toasts().getByText('An error occured')).toBeInTheDocument();
  });

  it("says 'Logging in...' and disables Log in while the call runs", async () => {
    let answer: () => void = () => {};
    server.use(
      http.post(LOGIN_URL, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ detail: 'Incorrect email or password' }, { status: 401 });
      }),
    );
    const { user } = renderLogin();
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);
    expect(await toasts().findByText('Logging in...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled());
  });

  it('asks for the email and password before calling the server', async () => {
    const requests = recordRequests();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText(/email or phone number/i)).toHaveAccessibleDescription(
      /enter your email/i,
    );
    expect(screen.getByLabelText(/email or phone number/i)).toHaveFocus();
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(/enter your password/i);
    expect(requests).toHaveLength(0);
  });

  it("says what a guest's kept taps will become before they log in", () => {
    const product = (id: number, name: string) => ({ id, name, slug: `p${id}`, amount: 1000 });
    keepGuestTap({ kind: 'cartAdd', product: product(1, 'Ijebu Garri'), quantity: 1 });
    keepGuestTap({ kind: 'cartAdd', product: product(4, 'Honey Beans'), quantity: 2 });
    keepGuestTap({ kind: 'buy', product: product(3, 'Palm Oil'), quantity: 1 });
    renderLogin();
    expect(screen.getByText('Log in to add Palm Oil and 2 more to your cart.')).toBeVisible();
    localStorage.clear();
  });

  it('says nothing of a cart when no guest tap is kept', () => {
    renderLogin();
    expect(screen.queryByText(/to your cart/)).not.toBeInTheDocument();
  });

  it('fills the email from ?email=', () => {
    renderLogin('/auth/login?email=kemi%40example.ng');
    expect(screen.getByLabelText(/email or phone number/i)).toHaveValue('kemi@example.ng');
  });

  it('offers to activate an account that is not activated yet, with the email', async () => {
    const email = 'sade@example.ng';
    mockDb.accounts.push({
      id: 99,
      email,
      password: 'Moin-moin-7',
      firstName: 'Sade',
      verified: false,
    });
    const { user } = renderLogin();
    await logIn(user, email, 'Moin-moin-7');

    expect(await screen.findByRole('alert')).toHaveTextContent(/not activated/i);
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    expect(within(dialog).getByLabelText(/email address/i)).toHaveValue(email);

    await user.click(within(dialog).getByLabelText(/confirm otp/i));
    await user.paste(fixtureOtp);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/email or phone number/i)).toHaveValue(email);
    expect(screen.getByLabelText(/^password/i)).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(/^password/i)).toHaveFocus());

    await user.click(screen.getByLabelText(/^password/i));
    await user.paste('Moin-moin-7');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('after too many wrong passwords, asks for the emailed code and logs in with both', async () => {
    const CODE_REQUIRED =
      'Too many wrong passwords were tried on this account. To keep it safe, we emailed its owner a 6-digit code: enter it with your password to log in.';
    server.use(
      http.post(LOGIN_URL, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        if (form.get('otp') !== '246810') {
          return HttpResponse.json({ detail: CODE_REQUIRED }, { status: 401 });
        }
        mockDb.tokens.add(fixtureAuthToken);
        return HttpResponse.json({
          access_token: fixtureAuthToken,
          token_type: 'bearer',
          user_details: { id: fixtureUser.id, firstname: fixtureUser.first_name },
        });
      }),
    );
    const requests = recordRequests();
    const { user, store } = renderLogin();
    expect(screen.queryByLabelText(/code from your email/i)).not.toBeInTheDocument();
    await logIn(user, fixtureCredentials.username, fixtureCredentials.password);

    expect(await screen.findByRole('alert')).toHaveTextContent(CODE_REQUIRED);
    const code = await screen.findByLabelText(/code from your email/i);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(store.getState().session.authToken).toBe(fixtureAuthToken);
    const sent = await Promise.all(
      requests.filter((r) => r.url.pathname.endsWith('/login')).map((r) => r.body),
    );
    expect(sent.map((body) => new URLSearchParams(body).get('otp'))).toEqual([null, '246810']);
  });
});
