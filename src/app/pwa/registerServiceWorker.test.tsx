import { act, screen } from '@testing-library/react';
import { Workbox } from 'workbox-window';
import { holdUpdates, PENDING_PAYMENT_KEY } from '../../lib/updateGuard';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PwaStatus } from './PwaStatus';
import { registerServiceWorker } from './registerServiceWorker';
import { clearUpdatePrompt, pendingUpdate } from './updatePrompt';

jest.mock('workbox-window', () => ({ Workbox: jest.fn() }));

type Listener = (event: { sw?: ServiceWorker; isUpdate?: boolean }) => void;

/** Stands in for workbox-window's Workbox: tests fire its lifecycle events by hand. */
class FakeWorkbox {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly register = jest.fn(() => Promise.resolve({}));
  readonly update = jest.fn(() => Promise.resolve());
  readonly messageSkipWaiting = jest.fn();
  readonly messageSW = jest.fn(() => Promise.resolve(true));

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  /** Fires inside act(): a waiting worker may update the prompt on screen. */
  fire(type: string, event: { sw?: ServiceWorker; isUpdate?: boolean } = {}) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

/** A worker in the given state, as the `waiting` event carries it. */
function worker(state: ServiceWorkerState = 'installed'): ServiceWorker {
  return { state } as ServiceWorker;
}

let wb: FakeWorkbox;
const reload = jest.fn();

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  // sonner captures the pointer on a toast's buttons; jsdom has no pointer capture.
  const element: Partial<HTMLElement> = HTMLElement.prototype;
  element.setPointerCapture ??= () => {};
});

afterAll(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

beforeEach(() => {
  wb = new FakeWorkbox();
  jest.mocked(Workbox).mockClear();
  jest.mocked(Workbox).mockImplementation(() => wb as unknown as Workbox);
});

afterEach(() => {
  reload.mockReset();
  clearUpdatePrompt();
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

async function registered() {
  const result = await registerServiceWorker({ reload });
  expect(result).toBe(wb);
  return wb;
}

test('registers /sw.js from the whole site', async () => {
  await registered();
  expect(Workbox).toHaveBeenCalledWith('/sw.js');
  expect(wb.register).toHaveBeenCalledTimes(1);
});

test('without service worker support it registers nothing', async () => {
  const descriptor = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  try {
    expect(await registerServiceWorker({ reload })).toBeNull();
    expect(Workbox).not.toHaveBeenCalled();
  } finally {
    if (descriptor) Object.defineProperty(navigator, 'serviceWorker', descriptor);
  }
});

test('a failed registration is reported and the shop carries on without a worker', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  wb.register.mockRejectedValueOnce(new Error('SecurityError'));
  expect(await registerServiceWorker({ reload })).toBeNull();
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining('could not be registered'),
    expect.any(Error),
  );
});

describe('when a new version is waiting', () => {
  test('with nothing held it skips waiting and reloads once the new version controls', async () => {
    await registered();
    wb.fire('waiting', { sw: worker() });
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    wb.fire('controlling', { isUpdate: true });
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pendingUpdate()).toBeNull();
  });

  test('during a payment it asks instead, and Reload skips waiting and reloads', async () => {
    const release = holdUpdates('payment');
    const { user } = renderWithProviders(<PwaStatus />);
    await registered();

    wb.fire('waiting', { sw: worker() });
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    release();
  });

  test('a pending payment left in localStorage also makes it ask', async () => {
    localStorage.setItem(PENDING_PAYMENT_KEY, 'PSK-ref-1');
    renderWithProviders(<PwaStatus />);
    await registered();

    wb.fire('waiting', { sw: worker() });
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    wb.fire('controlling', { isUpdate: true });
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  test('a form holding typed text makes it ask', async () => {
    const { user } = renderWithProviders(
      <>
        <PwaStatus />
        <label>
          Message
          <textarea />
        </label>
      </>,
    );
    await registered();
    await user.type(screen.getByLabelText('Message'), 'Is garri in stock?');

    wb.fire('waiting', { sw: worker() });
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  test('typing in the search box does not stop the reload', async () => {
    const { user } = renderWithProviders(
      <label>
        Search products
        <input type="search" />
      </label>,
    );
    await registered();
    await user.type(screen.getByLabelText('Search products'), 'beans');

    wb.fire('waiting', { sw: worker() });
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  test('Reload after another tab already activated the new version just reloads', async () => {
    const release = holdUpdates('payment');
    const { user } = renderWithProviders(<PwaStatus />);
    await registered();
    const sw = worker();
    wb.fire('waiting', { sw });
    await screen.findByText('A new version is ready');

    Object.assign(sw, { state: 'activated' });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    release();
  });
});

test('the first worker taking control is asked to fetch the catalogue and images the page loaded', async () => {
  const origin = window.location.origin;
  const loaded = [
    `${origin}/api/get-all-products`,
    `${origin}/api/get-all-products?q=rice`,
    `${origin}/api/get-all-products?q=rice`,
    `${origin}/api/images/products/ofada-rice.svg`,
    `${origin}/api/all-carts`,
    `${origin}/assets/main.js`,
    'https://checkout.paystack.com/popup',
  ];
  // jsdom keeps no resource timings: the page's loads are what this stand-in reports.
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'resource' ? loaded.map((name) => ({ name })) : []),
  });
  try {
    await registered();
    const fetches = jest.spyOn(globalThis, 'fetch');

    // The handler runs to its end within fire(): any request it made has started by then.
    wb.fire('controlling', { isUpdate: false });
    // The worker fetches them itself (its runtime routes keep them); the page asks nothing.
    expect(wb.messageSW).toHaveBeenCalledTimes(1);
    expect(wb.messageSW).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      payload: {
        urlsToCache: [
          `${origin}/api/get-all-products`,
          `${origin}/api/get-all-products?q=rice`,
          `${origin}/api/images/products/ofada-rice.svg`,
        ],
      },
    });
    expect(fetches).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  } finally {
    Reflect.deleteProperty(performance, 'getEntriesByType');
  }
});

test('a later change of controller from an update does not re-ask', async () => {
  await registered();
  wb.fire('controlling', { isUpdate: true });
  expect(wb.messageSW).not.toHaveBeenCalled();
});

test('looks for a new version every so often while online', async () => {
  jest.useFakeTimers();
  try {
    await registerServiceWorker({ reload, updateCheckIntervalMs: 1000 });
    jest.advanceTimersByTime(1000);
    expect(wb.update).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(wb.update).toHaveBeenCalledTimes(2);
  } finally {
    jest.clearAllTimers();
    jest.useRealTimers();
  }
});
