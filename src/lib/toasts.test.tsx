import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { failureToast } from './mutationToasts';
import {
  LOG_IN_ACTION_TOAST_DURATION_MS,
  toastError,
  toastMutation,
  toastPleaseLogIn,
} from './toasts';
import { messages } from './messages';
import { loadedSonner } from './toast';

const credentials = { status: 401, data: { detail: 'Could not validate credentials' } };
const refused = (detail: string) => ({ status: 400, data: { detail } });

/** sonner's current toasts with their settings (the Toaster shows these). */
function shownToasts() {
  return (loadedSonner()?.toast.getToasts() ?? []).flatMap((t) =>
    'title' in t
      ? [{ title: t.title, type: t.type, description: t.description, duration: t.duration }]
      : [],
  );
}

function renderToaster() {
  renderWithProviders(<div />);
}

describe('toastMutation', () => {
  test('shows the pending text, then the success text, and returns the data', async () => {
    renderToaster();
    let resolve: (value: string) => void = () => {};
    const promise = new Promise<string>((r) => {
      resolve = r;
    });

    const outcome = toastMutation(promise, 'cartUpdate');

    expect(await screen.findByText('Updating cart...')).toBeInTheDocument();
    resolve('done');
    await expect(outcome).resolves.toEqual({ ok: true, data: 'done' });
    expect(await screen.findByText('Cart updated!')).toBeInTheDocument();
  });

  test('five changes of the same kind leave one toast, not a pile', async () => {
    renderToaster();

    for (let i = 0; i < 5; i += 1) await toastMutation(Promise.resolve(i), 'cartUpdate');
    await toastMutation(Promise.resolve(1), 'cartAdd');

    await waitFor(() =>
      expect(shownToasts().map((t) => t.title)).toEqual(
        expect.arrayContaining(['Cart updated!', 'Product successfully added to cart']),
      ),
    );
    expect(shownToasts()).toHaveLength(2);
  });

  test('success and failure toasts last 3000 ms; adding to the wishlist 2000 ms', async () => {
    renderToaster();

    await toastMutation(Promise.resolve(1), 'cartAdd');
    await toastMutation(Promise.resolve(1), 'wishlistAdd');
    await toastMutation(Promise.reject(refused('x')), 'wishlistRemove');

    await waitFor(() => expect(shownToasts()).toHaveLength(3));
    expect(shownToasts().map((t) => [t.title, t.duration])).toEqual([
      ['Product successfully added to cart', 3000],
      ['Wishlist updated', 2000],
      ['Failed to remove wishlisted item', 3000],
    ]);
  });

  test('a failure shows the catalogue text and settles to { ok: false }', async () => {
    renderToaster();
    const error = refused('Cart item not found');

    const outcome = await toastMutation(Promise.reject(error), 'cartDelete');

    expect(outcome).toEqual({ ok: false, error });
    expect(await screen.findByText('Unable to delete cart')).toBeInTheDocument();
  });

  test("a cart call refused for credentials says 'Please, log in'", async () => {
    renderToaster();

    await toastMutation(Promise.reject(credentials), 'cartAdd');

    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(screen.queryByText('Error adding product to cart')).not.toBeInTheDocument();
  });

  test("a delivery call refused for credentials says 'Please, log in' too", async () => {
    renderToaster();

    await toastMutation(Promise.reject(credentials), 'deliveryUpdate');

    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  });

  test('a failed login shows the server detail under the catalogue text', async () => {
    renderToaster();

    await toastMutation(
      Promise.reject({ status: 401, data: { detail: 'Incorrect email or password' } }),
      'login',
    );

    expect(await screen.findByText('Unable to log in')).toBeInTheDocument();
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
  });

  test("without a detail the description is 'An error occured'", async () => {
    renderToaster();

    await toastMutation(Promise.reject({ status: 'FETCH_ERROR', error: 'x' }), 'accountUpdate');

    expect(await screen.findByText('Unable to update account')).toBeInTheDocument();
    expect(await screen.findByText('An error occured')).toBeInTheDocument();
  });

  test('a failed wishlist add shows the server detail instead', async () => {
    renderToaster();

    await toastMutation(Promise.reject(refused('Product already in your wishlist')), 'wishlistAdd');

    expect(await screen.findByText('Product already in your wishlist')).toBeInTheDocument();
    expect(screen.queryByText('Unable to update wishlist')).not.toBeInTheDocument();
  });

  test.each(['signUp', 'signUpOtp', 'activation'] as const)(
    'a failed %s adds a 3-second toast with the detail',
    async (key) => {
      renderToaster();

      await toastMutation(Promise.reject(refused('Invalid or expired OTP code')), key);

      expect(await screen.findByText(messages[key].error)).toBeInTheDocument();
      expect(await screen.findByText('Invalid or expired OTP code')).toBeInTheDocument();
      const extra = shownToasts().find((t) => t.title === 'Invalid or expired OTP code');
      expect(extra).toMatchObject({ type: 'error', duration: 3000 });
    },
  );

  test("the extra toast says 'An error occured' when the server gave no detail", async () => {
    renderToaster();

    await toastMutation(Promise.reject({ status: 500, data: null }), 'signUp');

    expect(await screen.findByText('Unable to Sign up')).toBeInTheDocument();
    expect(await screen.findByText('An error occured')).toBeInTheDocument();
  });

  test('fills the success text, e.g. the reset OTP email', async () => {
    renderToaster();

    await toastMutation(Promise.resolve(null), 'resetOtp', { values: { email: 'ada@example.ng' } });

    expect(await screen.findByText('OTP sent to ada@example.ng!')).toBeInTheDocument();
  });

  test('takes a custom row and options', async () => {
    renderToaster();
    const row = { loading: 'Paying...', success: 'Paid!', error: 'Not paid' };

    await toastMutation(Promise.reject(credentials), row, {
      credentialAware: true,
      duration: 5000,
    });

    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(shownToasts()[0]?.duration).toBe(5000);
  });
});

describe('failureToast', () => {
  test('the rules one by one', () => {
    const text = messages.deliveryCreate;
    const error = refused('You already have a delivery location. Update it instead.');
    expect(failureToast(error, text, {})).toEqual({ message: 'Unable to create delivery' });
    expect(failureToast(error, text, { failureDetail: 'replace' })).toEqual({
      message: 'You already have a delivery location. Update it instead.',
    });
    expect(failureToast({ status: 500, data: null }, text, { failureDetail: 'replace' })).toEqual({
      message: 'Unable to create delivery',
    });
    expect(failureToast(error, text, { failureDetail: 'description' })).toEqual({
      message: 'Unable to create delivery',
      description: 'You already have a delivery location. Update it instead.',
    });
    expect(failureToast(credentials, text, { credentialAware: false })).toEqual({
      message: 'Unable to create delivery',
    });
  });
});

test('toastError shows an error toast for 3000 ms', async () => {
  renderToaster();

  toastError('Please, log in');

  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  expect(shownToasts()[0]).toMatchObject({ type: 'error', duration: 3000 });
});

describe('where a toast goes', () => {
  /** The toasts sonner shows, by title, with the place each was given (none: the toaster's). */
  function placesOf() {
    return Object.fromEntries(
      (loadedSonner()?.toast.getToasts() ?? []).flatMap((t) =>
        'title' in t ? [[String(t.title), t.position ?? 'toaster']] : [],
      ),
    );
  }

  test('one made while a dialog is open goes to the top, away from its buttons', async () => {
    renderToaster();
    await toastMutation(Promise.resolve(1), 'cartAdd');
    const dialog = document.createElement('div');
    dialog.className = 'MuiDialog-root';
    document.body.append(dialog);
    try {
      toastError('Add your delivery location');
      await waitFor(() =>
        expect(placesOf()).toEqual({
          'Product successfully added to cart': 'toaster',
          'Add your delivery location': 'top-center',
        }),
      );
    } finally {
      dialog.remove();
    }
  });
});

describe("'Please, log in' with a 'Log in' button", () => {
  beforeAll(() => {
    // sonner captures the pointer on a toast's buttons; jsdom has no pointer capture.
    const element: Partial<HTMLElement> = HTMLElement.prototype;
    element.setPointerCapture ??= () => {};
  });

  test('the button runs the given step and closes the toast', async () => {
    const { user } = renderWithProviders(<div />);
    const onLogIn = jest.fn();

    toastPleaseLogIn(onLogIn);
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(onLogIn).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(shownToasts()).toHaveLength(0));
  });

  test('stays long enough to reach the button, and more taps keep one toast whose button is the latest', async () => {
    const { user } = renderWithProviders(<div />);
    const first = jest.fn();
    const latest = jest.fn();

    toastPleaseLogIn(first);
    toastPleaseLogIn(latest);

    await waitFor(() =>
      expect(shownToasts()).toEqual([
        expect.objectContaining({
          title: 'Please, log in',
          type: 'error',
          duration: LOG_IN_ACTION_TOAST_DURATION_MS,
        }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
