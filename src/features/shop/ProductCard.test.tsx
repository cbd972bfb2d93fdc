import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Product } from 'contract';
import { apiUrl, fixtureProducts, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { deferred, recordRequests, server } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import type { SessionState } from '../../state/sessionSlice';
import { STAR_SIZE } from '../../components/product/StarRating';
import { starsDrawn } from '../../testing/stars';
import { useShopperLists } from '../../components/product/shopperLists';
import ProductGrid from './ProductGrid';

function fixture(slug: string): Product {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no fixture ${slug}`);
  return found;
}

const garri = fixture('ijebu-garri-5kg'); // ₦6,500 less ₦500, five stars
const beans = fixture('oloyin-beans-2kg'); // ₦5,800, no discount
const ofada = fixture('ofada-rice-5kg'); // out of stock
const palmOil = fixture('red-palm-oil-1l');
// The shopper's lists (testing/fixtures): garri x2 and palm oil x1 in the cart, beans saved.

/** The grid with the shopper's cart and wishlist loaded, as the header loads them on every page. */
function ShopWithLists({ products }: { products: Product[] }) {
  useShopperLists();
  return <ProductGrid products={products} label="Products" />;
}

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

test('without a discount: one price, nothing struck through, and no saving line', () => {
  renderCard(beans);
  expect(screen.getByText(/₦ 5,800/)).toHaveTextContent('Price: ₦ 5,800');
  expect(screen.queryByText(/was/)).not.toBeInTheDocument();
  expect(screen.queryByText(/You save/)).not.toBeInTheDocument();
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

describe('out of stock', () => {
  const notifyMe = `Notify me when ${ofada.name} is back in stock`;

  test('says so and offers Notify me instead of Add to cart', async () => {
    renderCard(ofada);
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
    const button = await screen.findByRole('button', { name: notifyMe, pressed: false });
    await waitFor(() => expect(button).toBeEnabled());
  });

  test('Notify me asks to be told when it is back, with the product page’s words', async () => {
    const requests = recordRequests();
    const { user } = renderCard(ofada);
    const button = await screen.findByRole('button', { name: notifyMe, pressed: false });
    await waitFor(() => expect(getComputedStyle(button).pointerEvents).not.toBe('none'));

    await user.click(button);

    expect(
      await screen.findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    const asked = requests.filter(
      (r) => r.method === 'POST' && r.url.pathname.endsWith('/stock-alerts'),
    );
    expect(asked).toHaveLength(1);
    expect(JSON.parse(await asked[0]!.body)).toEqual({ product_id: ofada.id });
    expect(await cartRequests(requests)).toEqual([]);
  });

  test('signed out, Notify me says Please, log in and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = renderCard(ofada, null);
    const button = await screen.findByRole('button', { name: notifyMe });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.endsWith('/stock-alerts'))).toHaveLength(0);
  });
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

test('in the cart: a − n + stepper with the line’s quantity stands in place of Add to cart', async () => {
  renderWithProviders(<ShopWithLists products={[garri, beans]} />, {
    preloadedState: { session: signedInSession },
  });
  const stepper = await screen.findByRole('group', { name: `${garri.name} in cart` });
  expect(stepper).toHaveTextContent('2 in cart');
  expect(
    screen.queryByRole('button', { name: `Add to cart: ${garri.name}` }),
  ).not.toBeInTheDocument();
  expect(within(stepper).getByRole('button', { name: `One fewer ${garri.name}` })).toBeEnabled();
  // Not in the cart: the add button as before.
  expect(screen.getByRole('button', { name: `Add to cart: ${beans.name}` })).toBeEnabled();
});

test('+ and − change the cart line through the cart’s update call, the count moving at once', async () => {
  const requests = recordRequests();
  const { user } = renderWithProviders(<ShopWithLists products={[garri]} />, {
    preloadedState: { session: signedInSession },
  });
  const stepper = await screen.findByRole('group', { name: `${garri.name} in cart` });
  await user.click(within(stepper).getByRole('button', { name: `One more ${garri.name}` }));
  expect(stepper).toHaveTextContent('3 in cart');
  expect(await screen.findByText('Cart updated!')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(stepper).getByRole('button', { name: `One fewer ${garri.name}` })).toBeEnabled(),
  );
  await user.click(within(stepper).getByRole('button', { name: `One fewer ${garri.name}` }));
  await waitFor(() => expect(stepper).toHaveTextContent('2 in cart'));
  const updates = requests.filter((r) => r.method === 'PATCH');
  expect(updates.map((r) => r.url.pathname)).toEqual([
    '/api/update-cart/101',
    '/api/update-cart/101',
  ]);
  expect(await Promise.all(updates.map(async (r) => JSON.parse(await r.body) as unknown))).toEqual([
    { quantity: 3 },
    { quantity: 2 },
  ]);
});

test('− at 1 takes the line out of the cart and Add to cart comes back', async () => {
  const requests = recordRequests();
  const { user } = renderWithProviders(<ShopWithLists products={[palmOil]} />, {
    preloadedState: { session: signedInSession },
  });
  const stepper = await screen.findByRole('group', { name: `${palmOil.name} in cart` });
  expect(stepper).toHaveTextContent('1 in cart');
  await user.click(
    within(stepper).getByRole('button', { name: `Remove ${palmOil.name} from cart` }),
  );
  expect(
    await screen.findByRole('button', { name: `Add to cart: ${palmOil.name}` }),
  ).toBeInTheDocument();
  expect(await screen.findByText('Cart deleted!')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
    '/api/delete-cart/102',
  ]);
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
});

test('+ stops at the stock', async () => {
  mockDb.cartLines = [{ ...mockDb.cartLines[0]!, quantity: garri.inventory_stock }];
  renderWithProviders(<ShopWithLists products={[garri]} />, {
    preloadedState: { session: signedInSession },
  });
  const stepper = await screen.findByRole('group', { name: `${garri.name} in cart` });
  expect(stepper).toHaveTextContent(`${garri.inventory_stock} in cart`);
  expect(within(stepper).getByRole('button', { name: `One more ${garri.name}` })).toBeDisabled();
});

test('the heart is pressed for a saved product, and a second tap takes it off the wishlist', async () => {
  const requests = recordRequests();
  const { user } = renderWithProviders(<ShopWithLists products={[beans]} />, {
    preloadedState: { session: signedInSession },
  });
  const heart = screen.getByRole('button', { name: `Save ${beans.name} to wishlist` });
  await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  await user.click(heart);
  expect(await screen.findByText('Wishlisted item removed!')).toBeInTheDocument();
  await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
    '/api/delete-wishlist/201',
  ]);
  // No second save (the server would refuse it with a 409).
  expect(requests.some((r) => r.url.pathname.endsWith('/create-wishlist'))).toBe(false);
  expect(screen.queryByText(/already/i)).not.toBeInTheDocument();

  await user.click(heart);
  expect(await screen.findByText('Wishlist updated')).toBeInTheDocument();
  await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
});

test('signed out: the lists are not asked for, no stepper and no pressed heart', () => {
  const requests = recordRequests();
  renderWithProviders(<ShopWithLists products={[garri, beans]} />);
  expect(screen.getByRole('button', { name: `Add to cart: ${garri.name}` })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: `Save ${beans.name} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(requests).toHaveLength(0);
});
