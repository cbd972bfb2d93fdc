import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { ScrollRestorer } from './ScrollRestorer';

/** jsdom does not scroll: this stands in for the window's scroll position. */
let scrollY = 0;
const scrollTo = jest.fn((x: number | ScrollToOptions, y?: number) => {
  scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
});

/** What the browser does when the shopper scrolls: moves, then fires a scroll event. */
function shopperScrollsTo(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  window.scrollTo = scrollTo as typeof window.scrollTo;
});

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function ShopPage() {
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <h1>Shop</h1>
      <Link to="/faq">FAQ</Link>
      <button type="button" onClick={() => setSearchParams({ q: 'rice' }, { replace: true })}>
        Search
      </button>
    </>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/shop']}>
      <ScrollRestorer />
      <Routes>
        <Route path="/shop" element={<ShopPage />} />
        <Route
          path="/faq"
          element={
            <>
              <h1>FAQ</h1>
              <BackButton />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Follows the shop's FAQ link, which opens at the top, then goes Back to the shop. */
async function toTheFaqAndBack(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('link', { name: 'FAQ' }));
  expect(await screen.findByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
  expect(window.scrollY).toBe(0);

  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Shop' })).toBeInTheDocument();
}

describe('ScrollRestorer', () => {
  it('returns Back to where the shopper scrolled before the app started', async () => {
    const user = userEvent.setup();
    // The server's page, scrolled before the app took it over: no scroll event follows.
    scrollY = 2540;
    renderApp();

    await toTheFaqAndBack(user);
    expect(window.scrollY).toBe(2540);
  });

  it('opens a page reached from a link at its top, and Back returns to where the shopper was', async () => {
    const user = userEvent.setup();
    renderApp();
    shopperScrollsTo(1840);

    await toTheFaqAndBack(user);
    expect(window.scrollY).toBe(1840);
  });

  it('keeps Back where the shopper was while the page settles, then leaves it alone', async () => {
    jest.useFakeTimers();
    // jsdom lays nothing out: the page's size changes are reported by hand, and the browser's
    // clamp to the page's height is played by scrollTo.
    const resized = new Set<() => void>();
    window.ResizeObserver = class {
      private readonly report: () => void;
      constructor(callback: ResizeObserverCallback) {
        this.report = () => callback([], this as unknown as ResizeObserver);
      }
      observe() {
        resized.add(this.report);
      }
      unobserve() {}
      disconnect() {
        resized.delete(this.report);
      }
    } as unknown as typeof ResizeObserver;
    let bottom = Number.POSITIVE_INFINITY;
    scrollTo.mockImplementation((x: number | ScrollToOptions, y?: number) => {
      scrollY = Math.min(typeof x === 'number' ? (y ?? 0) : (x.top ?? 0), bottom);
    });
    const pageResized = (lowestScroll: number) =>
      act(() => {
        bottom = lowestScroll;
        scrollY = Math.min(scrollY, bottom);
        for (const report of [...resized]) report();
      });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp();
      shopperScrollsTo(2540);
      await toTheFaqAndBack(user);
      expect(window.scrollY).toBe(2540);

      // The shop, back, is shorter for a moment (a row re-rendered), then whole again.
      pageResized(2378);
      expect(window.scrollY).toBe(2378);
      pageResized(Number.POSITIVE_INFINITY);
      expect(window.scrollY).toBe(2540);

      // Once the position has held, the page's later changes are the shopper's to follow.
      act(() => jest.advanceTimersByTime(1_000));
      pageResized(1200);
      pageResized(Number.POSITIVE_INFINITY);
      expect(window.scrollY).toBe(1200);
    } finally {
      jest.useRealTimers();
      delete (window as Partial<typeof window>).ResizeObserver;
      scrollTo.mockImplementation((x: number | ScrollToOptions, y?: number) => {
        scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
      });
    }
  });

  it('leaves the position alone when the page rewrites its own query string', async () => {
    const user = userEvent.setup();
    renderApp();
    shopperScrollsTo(600);

    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(window.scrollY).toBe(600);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
