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

  it('leaves the position alone when the page rewrites its own query string', async () => {
    const user = userEvent.setup();
    renderApp();
    shopperScrollsTo(600);

    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(window.scrollY).toBe(600);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
