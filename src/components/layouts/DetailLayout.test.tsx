import { Route, Routes, useLocation } from 'react-router-dom';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { initialSessionState } from '../../state/sessionSlice';
import { fixtureAuthToken } from '../../testing/fixtures';
import DetailLayout from './DetailLayout';

const signedIn = {
  session: { ...initialSessionState, authToken: fixtureAuthToken, userID: '7', userName: 'Adaeze' },
};

function WhereAmI() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

function renderDetail(route: string, preloadedState?: typeof signedIn) {
  return renderWithProviders(
    <Routes>
      <Route element={<DetailLayout />}>
        <Route path="/detail/*" element={<WhereAmI />} />
        <Route path="/cart" element={<WhereAmI />} />
      </Route>
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, preloadedState },
  );
}

test('at /cart the title is Cart and there is no cart icon', () => {
  renderDetail('/cart', signedIn);
  const header = screen.getByRole('banner');
  expect(within(header).getByText('Cart')).toBeInTheDocument();
  expect(within(header).queryByText('Details')).not.toBeInTheDocument();
  expect(within(header).queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  expect(within(header).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
});

test('elsewhere the title is Details and the cart icon links to the cart', () => {
  renderDetail('/detail/product-details');
  const header = screen.getByRole('banner');
  expect(within(header).getByText('Details')).toBeInTheDocument();
  expect(within(header).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  expect(within(header).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
});

test('a signed-in shopper is greeted by their first name in capitals', () => {
  renderDetail('/detail/product-details', {
    session: { ...signedIn.session, userName: 'Adaeze Okafor' },
  });
  expect(screen.getByText('Hi, ADAEZE')).toBeInTheDocument();
});

test('a visitor gets no greeting', () => {
  renderDetail('/detail/product-details');
  expect(screen.queryByText(/^Hi,/)).not.toBeInTheDocument();
});

test('Back goes to the shop when the app was opened on this page', async () => {
  const { user } = renderDetail('/detail/product-details');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByText('Now at /shop')).toBeInTheDocument();
});

test('Back returns to the previous page when there is one', async () => {
  const { user } = renderDetail('/detail/product-details');
  await user.click(screen.getByRole('link', { name: 'Cart' }));
  expect(screen.getByText('Now at /cart')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByText('Now at /detail/product-details')).toBeInTheDocument();
});

test('the page sits in the main landmark after a skip link, above the footer', () => {
  renderDetail('/cart');
  expect(within(screen.getByRole('main')).getByText('Now at /cart')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
});
