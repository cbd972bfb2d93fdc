import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Product } from 'contract';
import { apiUrl, fixtureProducts, signedInSession } from '../../testing/fixtures';
import { deferred, recordRequests, server } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import type { SessionState } from '../../state/sessionSlice';
import { STAR_SIZE } from '../../components/product/StarRating';
import { starsDrawn } from '../../testing/stars';
import ProductGrid from './ProductGrid';

function fixture(slug: string): Product {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no fixture ${slug}`);
  return found;
}

const garri = fixture('ijebu-garri-5kg'); // ₦6,500 less ₦500, five stars
const beans = fixture('oloyin-beans-2kg'); // ₦5,800, no discount
const ofada = fixture('ofada-rice-5kg'); // out of stock

/** A card as the shop shows it: in the grid, which gives every card its actions. */
function renderCard(product: Product, session: SessionState | null = signedInSession) {
  return renderWithProviders(<ProductGrid products={[product]} label="Products" />, {
    preloadedState: session ? { session } : undefined,
  });
}

async function cartRequests(requests: ReturnType<typeof recordRequests>) {
  const adds = requests.filter((r) => r.url.pathname.endsWith('/add-cart'));
  return Promise.all(adds.map(async (r) => JSON.parse(await r.body) as unknown));
}

test('a discounted product shows the price after the discount, the original struck through, and the saving', () => {
  renderCard(garri);
  const item = screen.getByRole('listitem');
  expect(within(item).getByText(/₦ 6,000/)).toHaveTextContent('Price: ₦ 6,000');
  const original = within(item).getByText(/₦ 6,500/);
  expect(original.tagName).toBe('S');
  expect(original).toHaveTextContent('was ₦ 6,500');
  expect(within(item).getByText('You save ₦ 500')).toBeInTheDocument();
});

test('without a discount: one price, nothing struck through, and a saving of 0', () => {
  renderCard(beans);
  expect(screen.getByText(/₦ 5,800/)).toHaveTextContent('Price: ₦ 5,800');
  expect(screen.queryByText(/was/)).not.toBeInTheDocument();
  expect(screen.getByText('You save ₦ 0')).toBeInTheDocument();
});

test('as many stars as the rating', () => {
  renderCard(garri);
  const stars = screen.getByRole('img', { name: 'Rated 5 stars out of 5' });
  expect(starsDrawn(stars)).toBe(5);
  expect(stars).toHaveAttribute('width', String(5 * STAR_SIZE));
});

test('the card tells screen readers its place in the list and links to the product by slug', () => {
  renderWithProviders(<ProductGrid products={[garri, beans]} label="Products" />);
  const item = screen.getAllByRole('listitem')[1];
  expect(item).toHaveAttribute('aria-posinset', '2');
  expect(item).toHaveAttribute('aria-setsize', '2');
  expect(
    within(item as HTMLElement).getByRole('heading', { level: 3, name: beans.name }),
  ).toBeInTheDocument();
  // One link a card (the picture opens the product through it too).
  expect(within(item as HTMLElement).getAllByRole('link')).toHaveLength(1);
  expect(screen.getByRole('link', { name: beans.name })).toHaveAttribute(
    'href',
    '/detail/product-details?slug=oloyin-beans-2kg',
  );
});

test('out of stock: says so and the add button is disabled', () => {
  renderCard(ofada);
  expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Add to cart/ })).toBeDisabled();
});

test('add to cart sends quantity 1, the price and the shopper’s id, with the spec’s toasts', async () => {
  const requests = recordRequests();
  const { user } = renderCard(garri);
  await user.click(screen.getByRole('button', { name: `Add to cart: ${garri.name}` }));
  expect(await screen.findByText('Product successfully added to cart')).toBeInTheDocument();
  expect(await cartRequests(requests)).toEqual([
    { user_id: 7, product_id: garri.id, quantity: 1, price_per_item: 6000 },
  ]);
});

test('add to cart shows Adding to cart... and is disabled while the request runs', async () => {
  const answer = deferred();
  server.use(
    http.post(apiUrl('/add-cart', 'cart'), async () => {
      await answer.gate;
      return HttpResponse.json({ message: 'Product added to cart' });
    }),
  );
  const { user } = renderCard(beans);
  const button = screen.getByRole('button', { name: /^Add to cart/ });
  await user.click(button);
  expect(await screen.findByText('Adding to cart...')).toBeInTheDocument();
  // Disabled while it runs, so a double tap adds once.
  expect(button).toBeDisabled();
  expect(button).toHaveTextContent('Adding…');
  answer.release();
  expect(await screen.findByText('Product successfully added to cart')).toBeInTheDocument();
  await waitFor(() => expect(button).toBeEnabled());
});

test('signed out: add to cart says Please, log in and sends nothing', async () => {
  const requests = recordRequests();
  const { user } = renderCard(garri, null);
  await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});

test('a refused token: add to cart says Please, log in', async () => {
  const { user } = renderCard(garri, { ...signedInSession, authToken: 'expired-token' });
  await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  expect(screen.queryByText('Error adding product to cart')).not.toBeInTheDocument();
});

test('another failure: Error adding product to cart', async () => {
  server.use(
    http.post(apiUrl('/add-cart', 'cart'), () =>
      HttpResponse.json({ detail: 'Product is out of stock' }, { status: 400 }),
    ),
  );
  const { user } = renderCard(garri);
  await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
  expect(await screen.findByText('Error adding product to cart')).toBeInTheDocument();
});

test('save to the wishlist: Adding to wishlist..., then Wishlist updated', async () => {
  const requests = recordRequests();
  const answer = deferred();
  server.use(
    http.post(apiUrl('/create-wishlist', 'wishlist'), async () => {
      await answer.gate;
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  const { user } = renderCard(garri);
  await user.click(screen.getByRole('button', { name: `Save ${garri.name} to wishlist` }));
  expect(await screen.findByText('Adding to wishlist...')).toBeInTheDocument();
  answer.release();
  expect(await screen.findByText('Wishlist updated')).toBeInTheDocument();
  const saves = requests.filter((r) => r.url.pathname.endsWith('/create-wishlist'));
  expect(await Promise.all(saves.map(async (r) => JSON.parse(await r.body) as unknown))).toEqual([
    { product_id: garri.id },
  ]);
});

test('a refused wishlist save shows the server’s detail', async () => {
  server.use(
    http.post(apiUrl('/create-wishlist', 'wishlist'), () =>
      HttpResponse.json({ detail: 'Product already in wishlist' }, { status: 400 }),
    ),
  );
  const { user } = renderCard(beans);
  await user.click(screen.getByRole('button', { name: `Save ${beans.name} to wishlist` }));
  expect(await screen.findByText('Product already in wishlist')).toBeInTheDocument();
});

test('signed out: save to the wishlist says Please, log in and sends nothing', async () => {
  const requests = recordRequests();
  const { user } = renderCard(garri, null);
  await user.click(screen.getByRole('button', { name: `Save ${garri.name} to wishlist` }));
  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});
