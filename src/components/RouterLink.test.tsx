import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigationType } from 'react-router-dom';
import RouterLink from './RouterLink';

function Faq() {
  return <h1>FAQ ({useNavigationType()})</h1>;
}

function renderShop(onClick?: () => void) {
  render(
    <MemoryRouter initialEntries={['/shop']}>
      <Routes>
        <Route
          path="/shop"
          element={
            <>
              <RouterLink to="/faq" onClick={onClick}>
                Questions
              </RouterLink>
              <RouterLink to="/faq" replace>
                Questions, in place
              </RouterLink>
            </>
          }
        />
        <Route path="/faq" element={<Faq />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('is a real link to the page, which the router follows without a page load', async () => {
  const onClick = jest.fn();
  renderShop(onClick);
  const link = screen.getByRole('link', { name: 'Questions' });
  expect(link).toHaveAttribute('href', '/faq');
  await userEvent.click(link);
  expect(onClick).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading')).toHaveTextContent('FAQ (PUSH)');
});

test('replaces the current entry when asked to', async () => {
  renderShop();
  await userEvent.click(screen.getByRole('link', { name: 'Questions, in place' }));
  expect(screen.getByRole('heading')).toHaveTextContent('FAQ (REPLACE)');
});

test('leaves a click with a modifier (a new tab) to the browser', () => {
  renderShop();
  const link = screen.getByRole('link', { name: 'Questions' });
  // Whether the browser would follow the link itself; jsdom cannot, so it is stopped here.
  const leftToBrowser: boolean[] = [];
  const stopJsdom = (event: Event) => {
    leftToBrowser.push(!event.defaultPrevented);
    event.preventDefault();
  };
  window.addEventListener('click', stopJsdom);
  fireEvent.click(link, { ctrlKey: true });
  window.removeEventListener('click', stopJsdom);
  expect(leftToBrowser).toEqual([true]);
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});

test('lets its own click handler keep the router from following it', async () => {
  renderShop((event?: unknown) => (event as MouseEvent).preventDefault());
  await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});
