import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { productApi } from '../services/productApi';
import { apiUrl } from '../testing/fixtures';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';
import { DEMO_NOTICE, DemoNotice } from './DemoNotice';

const HEALTH = apiUrl('/health', 'product');

test('a demo shop says so, in a label that floats over the page and lets clicks through', async () => {
  server.use(http.get(HEALTH, () => HttpResponse.json({ status: 'ok', mode: 'demo' })));
  renderWithProviders(<DemoNotice />);
  const note = await screen.findByRole('note');
  expect(note).toHaveTextContent('Demo shop: payments are simulated');
  expect(DEMO_NOTICE).toBe('Demo shop: payments are simulated');
  const style = getComputedStyle(note);
  expect(style.position).toBe('fixed');
  expect(style.pointerEvents).toBe('none');
});

test.each([
  ['a production shop', () => HttpResponse.json({ status: 'ok', mode: 'production' })],
  ['a backend without the call', () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })],
])('%s shows nothing', async (_name, answer) => {
  server.use(http.get(HEALTH, answer));
  const { store } = renderWithProviders(<DemoNotice />);
  await waitFor(() => {
    const query = productApi.endpoints.getShopMode.select()(store.getState());
    expect(query.isSuccess || query.isError).toBe(true);
  });
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
