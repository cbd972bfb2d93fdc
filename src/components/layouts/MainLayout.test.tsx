import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { recordRequests } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { initialSessionState } from '../../state/sessionSlice';
import { fixtureAuthToken } from '../../testing/fixtures';
import MainLayout from './MainLayout';

const signedIn = {
  session: { ...initialSessionState, authToken: fixtureAuthToken, userID: '7', userName: 'Adaeze' },
};

function WhereAmI() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

function renderShell(route: string, preloadedState?: typeof signedIn) {
  return renderWithProviders(
    <Routes>
      <Route element={<MainLayout />}>
        <Route
          path="*"
          element={
            <>
              <h1>Page body</h1>
              <WhereAmI />
            </>
          }
        />
      </Route>
    </Routes>,
    { route, preloadedState },
  );
}

/** jsdom has no layout: answer media queries as a screen of the given width would. */
function useScreenWidth(width: number) {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    };
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}

describe('on a wide screen', () => {
  useScreenWidth(1280);

  test('the top navigation links to every page, in the spec’s order', () => {
    renderShell('/home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Vendors', '/vendors'],
      ['Shop', '/shop'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact'],
    ]);
    // Which of the two headers shows is the stylesheet's choice by width (jsdom applies no
    // media queries): e2e/shell.spec.ts checks it in a browser.
  });

  test.each(['/', '/shop'])('the Shop link is the current page at %s', (route) => {
    renderShell(route);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.hasAttribute('aria-current'));
    expect(current).toHaveLength(1);
  });

  test('another page marks its own link, not Shop', () => {
    renderShell('/faq');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
  });

  test('the brand and the profile, wishlist and cart icons are named links', () => {
    renderShell('/home');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Ibadan Market' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(header).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(header).getByRole('link', { name: 'Wishlist' })).toHaveAttribute(
      'href',
      '/profile/wishlist',
    );
    expect(within(header).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  });

  test('a visitor with no stored user sees Log in, not Affiliate', () => {
    renderShell('/home');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(within(header).queryByRole('link', { name: 'Affiliate' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Become a Vendor' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('a signed-in shopper sees Affiliate, not Log in', () => {
    renderShell('/home', signedIn);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Affiliate' })).toHaveAttribute(
      'href',
      '/profile/affiliate-market',
    );
    expect(within(header).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});

describe('on a phone', () => {
  test('the links wait behind the Menu button, which opens a menu and closes it when a link is followed', async () => {
    const { user } = renderShell('/');
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).not.toHaveAttribute('aria-expanded', 'true');

    await user.click(menuButton);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(screen.getByRole('button', { name: 'Menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const nav = within(menu).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(within(menu).getByRole('link', { name: 'Become a Vendor' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await user.click(within(nav).getByRole('link', { name: 'FAQ' }));
    expect(screen.getByText('Now at /faq')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('the menu offers Affiliate to a signed-in shopper and closes with its Close button', async () => {
    const { user } = renderShell('/home', signedIn);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Affiliate' })).toHaveAttribute(
      'href',
      '/profile/affiliate-market',
    );
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Now at /home')).toBeInTheDocument();
  });
});

describe('the signed-in phone menu', () => {
  test('holds My Orders, Account and Saved Items, and not for a guest', async () => {
    const { user } = renderShell('/profile/order-items', signedIn);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const account = within(menu).getByRole('navigation', { name: 'My account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['My Orders', '/profile/orders'],
      ['Account', '/profile'],
      ['Saved Items', '/profile/wishlist'],
    ]);
    expect(within(account).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(account).getByRole('link', { name: 'Saved Items' }));
    expect(screen.getByText('Now at /profile/wishlist')).toBeInTheDocument();
  });

  test('a guest sees no account links and no Log out', async () => {
    const { user } = renderShell('/home');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).queryByRole('navigation', { name: 'My account' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  test('Log out ends the session as the profile menu does and goes to the login page', async () => {
    const requests = recordRequests();
    const { user, store } = renderShell('/home', signedIn);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Log out' }));

    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/logout'))
          .map((r) => r.headers.get('authorization')),
      ).toEqual([`Bearer ${fixtureAuthToken}`]),
    );
    expect(await screen.findByText('Log out successful')).toBeInTheDocument();
    expect(screen.getByText('Now at /auth/login')).toBeInTheDocument();
    expect(store.getState().session.authToken).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
  });
});

describe('the shell', () => {
  test('has banner, main and footer landmarks, and Skip to content moves focus to the page', async () => {
    const { user } = renderShell('/home');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Page body' })).toBeInTheDocument();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
    expect(screen.getByText('Now at /home')).toBeInTheDocument();
  });

  test('shows a labelled loader while a page’s code is on its way', () => {
    const NeverLoads = lazy(() => new Promise<never>(() => {}));
    renderWithProviders(
      <Routes>
        <Route element={<MainLayout />}>
          <Route path="*" element={<NeverLoads />} />
        </Route>
      </Routes>,
      { route: '/home' },
    );
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Company' })).toBeInTheDocument();
  });
});
