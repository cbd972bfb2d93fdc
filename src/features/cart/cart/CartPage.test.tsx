import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  fixtureCart,
  fixtureDelivery,
  fixtureShopInfo,
  signedInSession,
} from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { mockShop } from '../../../testing/orderHandlers';
import { ordersApi } from '../../../services/ordersApi';
import { deferred, recordRequests, server } from '../../../testing/server';
import { answerShopInfo, getMakePayment, renderCartPage } from '../testing';
import { UNDO_WINDOW_MS } from './useUndoableRemoval';
import { LOADING_CART_LINES } from './CartPage';
import { startedCalls } from '../../../testing/startedCalls';

const GARRI = 'Ijebu Garri (5 kg)';
const PALM_OIL = 'Red Palm Oil (1 litre)';

const cartItems = () => screen.findByRole('list', { name: 'Cart items' });
const lineOf = async (name: string) => {
  const items = within(await cartItems()).getAllByRole('listitem');
  const found = items.find((item) => within(item).queryByRole('heading', { name }));
  if (!found) throw new Error(`No cart line for ${name}`);
  return found;
};
const quantityBox = async (name: string) =>
  within(await screen.findByRole('group', { name: `Quantity of ${name}` })).getByRole('textbox', {
    name: 'Quantity',
  });
const quantityOf = async (name: string) => ((await quantityBox(name)) as HTMLInputElement).value;
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const figure = (label: string) =>
  within(summary()).getByRole('definition', { name: label }).textContent;

describe('the cart page', () => {
  test('has one h1 and its own document title', async () => {
    renderCartPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    await cartItems();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/^Cart \| /);
  });

  test('while it loads, shows the loaded boxes with placeholders, then the cart in their place', async () => {
    renderCartPage();
    expect(screen.getByText('Your cart is loading')).toBeInTheDocument();
    // Line placeholders of the lines' grid, the summary's labels with its figures to come,
    // the payment panel (Make Payment's room held) and the delivery card's button's room.
    expect(screen.getAllByTestId('cart-line-skeleton')).toHaveLength(LOADING_CART_LINES);
    expect(within(summary()).getByText('Value before VAT')).toBeInTheDocument();
    expect(within(summary()).getByText('Total to pay')).toBeInTheDocument();
    expect(within(summary()).queryByRole('button', { name: 'Make Payment' })).toBeNull();
    expect(screen.getByTestId('delivery-button-skeleton')).toBeInTheDocument();

    await lineOf(GARRI);
    expect(screen.queryAllByTestId('cart-line-skeleton')).toHaveLength(0);
    expect(figure('Value before VAT')).toMatch(/₦/);
    await waitFor(() =>
      expect(screen.queryByTestId('delivery-button-skeleton')).not.toBeInTheDocument(),
    );
  });

  test('says the cart is loading, then lists each line with image, name, vendor, quantity and total', async () => {
    renderCartPage();
    expect(screen.getByText('Your cart is loading')).toBeInTheDocument();

    const garri = await lineOf(GARRI);
    expect(within(garri).getByText('Bodija Fresh Foods')).toBeInTheDocument();
    expect(within(garri).getByText('₦ 12,000')).toBeInTheDocument();
    expect(within(garri).getByText('₦ 6,000 each')).toBeInTheDocument();
    expect(await quantityOf(GARRI)).toBe('2');
    const image = within(garri).getByRole('presentation');
    expect(image).toHaveAttribute('src', '/api/images/products/ijebu-garri-5kg.svg');

    const palmOil = await lineOf(PALM_OIL);
    expect(within(palmOil).getByText('₦ 3,000')).toBeInTheDocument();
    expect(
      within(palmOil).getByRole('button', { name: `Delete ${PALM_OIL} from cart` }),
    ).toBeEnabled();
  });

  test('sums up before VAT, VAT, after VAT, delivery and packaging, and the total to pay', async () => {
    renderCartPage();
    await cartItems();
    expect(figure('Value before VAT')).toBe('₦ 15,000');
    expect(figure('VAT (7.5%)')).toBe('₦ 1,125');
    expect(figure('Value after VAT')).toBe('₦ 16,125');
    expect(figure('Delivery + packaging')).toBe('₦ 1,150');
    expect(figure('Total to pay')).toBe('₦ 17,275');
    expect(getMakePayment()).toBeEnabled();
    expect(screen.getByText(/nearest bus stop/)).toBeInTheDocument();
  });

  test("charges the fee the owner set for the shopper's area, in the figures and the total", async () => {
    mockShop.areas = mockShop.areas.map((area) =>
      area.city === 'Ibadan-Bodija' ? { ...area, fee: 2000 } : area,
    );
    renderCartPage();
    await cartItems();
    await waitFor(() => expect(figure('Delivery + packaging')).toBe('₦ 2,000'));
    expect(figure('Total to pay')).toBe('₦ 18,125');
  });

  test('shows the saved delivery location with Change', async () => {
    renderCartPage();
    const block = screen.getByRole('region', { name: 'Delivery location' });
    expect(
      await within(block).findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State'),
    ).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  test('without a delivery location offers Add Delivery Location', async () => {
    mockDb.delivery = null;
    renderCartPage();
    const block = screen.getByRole('region', { name: 'Delivery location' });
    expect(
      await within(block).findByRole('button', { name: 'Add Delivery Location' }),
    ).toBeInTheDocument();
    expect(within(block).getByText(/No delivery location yet/)).toBeInTheDocument();
  });

  test('a delivery location that cannot be loaded is not shown as missing', async () => {
    server.use(http.get(apiUrl('/get-delivery', 'delivery'), () => HttpResponse.error()));
    renderCartPage();
    const block = screen.getByRole('region', { name: 'Delivery location' });
    expect(
      await within(block).findByText('Our server is not answering. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(within(block).queryByText(/No delivery location yet/)).not.toBeInTheDocument();
    expect(
      within(block).queryByRole('button', { name: 'Add Delivery Location' }),
    ).not.toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('an empty cart says so and leads to the shop', async () => {
    mockDb.cartLines = [];
    renderCartPage();
    expect(await screen.findByText('You are yet to add product to Cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
  });

  test('signed out, it asks the shopper to log in and sends nothing', async () => {
    const requests = recordRequests();
    const { store } = renderCartPage({ session: null });
    expect(screen.getByText('Log in to see your cart and pay for your order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fcart',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  test('a refused token says "Please, log in" once and shows the login prompt', async () => {
    mockDb.tokens.clear();
    renderCartPage();
    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getAllByText('Please, log in')).toHaveLength(1);
  });

  test('another load failure is shown with a way to try again', async () => {
    server.use(
      http.get(apiUrl('/all-carts', 'cart'), () =>
        HttpResponse.json({ detail: 'The cart service is resting' }, { status: 404 }),
      ),
    );
    const { user } = renderCartPage();
    expect(await screen.findByText('The cart service is resting')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cartItems()).toBeInTheDocument();
  });
});

describe('changing quantities', () => {
  test('minus is disabled at 1 and plus at the stock', async () => {
    const palmOil = mockDb.cartLines.find((line) => line.id === 102);
    if (!palmOil) throw new Error('fixture changed');
    palmOil.product.inventory_stock = 1;
    renderCartPage();
    await cartItems();
    expect(screen.getByRole('button', { name: `Decrease quantity of ${PALM_OIL}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Increase quantity of ${PALM_OIL}` })).toBeDisabled();
    expect(screen.getByText('Only 1 in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Decrease quantity of ${GARRI}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Increase quantity of ${GARRI}` })).toBeEnabled();
  });

  test('a change shows at once, then settles with the server figures and "Cart updated!"', async () => {
    const answer = deferred();
    server.use(
      http.patch(apiUrl('/update-cart/:id', 'cart'), async () => {
        await answer.gate;
        return undefined;
      }),
    );
    const requests = recordRequests();
    const { user } = renderCartPage();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${GARRI}` }));

    // The server has not answered yet (it waits for the gate): what shows is optimistic.
    await waitFor(async () => expect(await quantityOf(GARRI)).toBe('3'));
    expect(within(await lineOf(GARRI)).getByText('₦ 18,000')).toBeInTheDocument();
    expect(figure('Value before VAT')).toBe('₦ 21,000');
    expect(await screen.findByText('Updating cart...')).toBeInTheDocument();

    answer.release();
    expect(await screen.findByText('Cart updated!')).toBeInTheDocument();
    await waitFor(() => expect(figure('Total to pay')).toBe('₦ 23,725'));
    expect(mockDb.cartLines.find((line) => line.id === 101)?.quantity).toBe(3);
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/update-cart/101');
    expect(JSON.parse((await patch?.body) ?? '')).toEqual({ quantity: 3 });
    expect(requests.filter((r) => r.url.pathname === '/api/all-carts').length).toBeGreaterThan(0);
  });

  test('a refused change is rolled back with "Unable to update cart"', async () => {
    const answer = deferred();
    server.use(
      http.patch(apiUrl('/update-cart/:id', 'cart'), async () => {
        await answer.gate;
        return HttpResponse.json({ detail: 'Only 2 left in stock' }, { status: 409 });
      }),
    );
    const { user } = renderCartPage();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Decrease quantity of ${GARRI}` }));
    await waitFor(async () => expect(await quantityOf(GARRI)).toBe('1'));

    answer.release();
    expect(await screen.findByText('Unable to update cart')).toBeInTheDocument();
    await waitFor(async () => expect(await quantityOf(GARRI)).toBe('2'));
    expect(figure('Value before VAT')).toBe('₦ 15,000');
  });

  test('a delete removes the line at once, with "Deleting cart..." then "Cart deleted!"', async () => {
    const answer = deferred();
    server.use(
      http.delete(apiUrl('/delete-cart/:id', 'cart'), async () => {
        await answer.gate;
        return undefined;
      }),
    );
    const { user } = renderCartPage();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Delete ${PALM_OIL} from cart` }));

    // The server has not answered yet (it waits for the gate): what shows is optimistic.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: PALM_OIL })).not.toBeInTheDocument(),
    );
    expect(figure('Value before VAT')).toBe('₦ 12,000');
    expect(await screen.findByText('Deleting cart...')).toBeInTheDocument();

    answer.release();
    expect(await screen.findByText('Cart deleted!')).toBeInTheDocument();
    expect(mockDb.cartLines.map((line) => line.id)).toEqual([101]);
    await waitFor(() => expect(figure('Total to pay')).toBe('₦ 14,050'));
  });

  test('a refused delete brings the line back with "Unable to delete cart"', async () => {
    server.use(
      http.delete(apiUrl('/delete-cart/:id', 'cart'), () =>
        HttpResponse.json({ detail: 'Cart item not found' }, { status: 404 }),
      ),
    );
    const { user } = renderCartPage();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Delete ${PALM_OIL} from cart` }));
    expect(await screen.findByText('Unable to delete cart')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: PALM_OIL })).toBeInTheDocument();
  });
});

describe('typing a quantity', () => {
  test('a typed figure is sent as it is', async () => {
    const { user } = renderCartPage();
    const box = await quantityBox(GARRI);
    await user.clear(box);
    await user.type(box, '7{Enter}');
    await waitFor(() => expect(mockDb.cartLines.find((line) => line.id === 101)?.quantity).toBe(7));
    expect(await quantityOf(GARRI)).toBe('7');
  });

  test('more than the stock is brought down to the stock, saying why', async () => {
    const garri = mockDb.cartLines.find((line) => line.id === 101);
    if (!garri) throw new Error('fixture changed');
    const stock = garri.product.inventory_stock;
    const { user } = renderCartPage();
    const box = await quantityBox(GARRI);
    await user.clear(box);
    await user.type(box, String(stock + 50));
    await user.tab();
    expect(
      await screen.findByText(`Only ${stock} in stock, so your cart holds ${stock}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(garri.quantity).toBe(stock));
  });

  test('0 becomes 1, pointing to Delete; an emptied box leaves the line as it was', async () => {
    const requests = recordRequests();
    const { user } = renderCartPage();
    let box = await quantityBox(GARRI);
    await user.clear(box);
    await user.tab();
    expect(await quantityOf(GARRI)).toBe('2');
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    box = await quantityBox(GARRI);
    await user.clear(box);
    await user.type(box, '0{Enter}');
    expect(await screen.findByText('At least 1: to take it out, use Delete')).toBeInTheDocument();
    await waitFor(() => expect(mockDb.cartLines.find((line) => line.id === 101)?.quantity).toBe(1));
  });
});

describe('deleting with Undo', () => {
  // The Undo offer lasts a few seconds: the tests move the clock themselves.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const clockedUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  test('Undo puts the line back with its quantity', async () => {
    renderCartPage();
    const user = clockedUser();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Delete ${GARRI} from cart` }));
    expect(await screen.findByText(`Removed: ${GARRI} ·`)).toBeInTheDocument();
    await waitFor(() =>
      expect(mockDb.cartLines.map((line) => line.product.name)).toEqual([PALM_OIL]),
    );
    await waitFor(() => expect(figure('Value before VAT')).toBe('₦ 3,000'));

    await user.click(screen.getByRole('button', { name: `Undo: put ${GARRI} back` }));

    expect(await screen.findByRole('heading', { name: GARRI })).toBeInTheDocument();
    expect(await quantityOf(GARRI)).toBe('2');
    expect(mockDb.cartLines.find((line) => line.product.name === GARRI)?.quantity).toBe(2);
    await waitFor(() => expect(figure('Value before VAT')).toBe('₦ 15,000'));
    expect(screen.queryByText(`Removed: ${GARRI} ·`)).not.toBeInTheDocument();
  });

  test('the offer goes after the undo window and the line stays deleted', async () => {
    renderCartPage();
    const user = clockedUser();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Delete ${PALM_OIL} from cart` }));
    expect(await screen.findByText('Cart deleted!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Undo: put ${PALM_OIL} back` })).toBeEnabled();

    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS));

    expect(screen.queryByText(`Removed: ${PALM_OIL} ·`)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PALM_OIL })).not.toBeInTheDocument();
    expect(mockDb.cartLines.map((line) => line.id)).toEqual([101]);
  });

  test('removing the last line offers Undo instead of the empty cart', async () => {
    mockDb.cartLines = mockDb.cartLines.filter((line) => line.id === 102);
    renderCartPage();
    const user = clockedUser();
    await cartItems();
    await user.click(screen.getByRole('button', { name: `Delete ${PALM_OIL} from cart` }));
    expect(await screen.findByText('Cart deleted!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Undo: put ${PALM_OIL} back` })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS));

    expect(await screen.findByText('You are yet to add product to Cart')).toBeInTheDocument();
  });
});

describe('help on WhatsApp', () => {
  const helpLink = () => screen.findByRole('link', { name: 'Questions? Chat with us on WhatsApp' });

  test("offers a chat with the shop's own WhatsApp number, under Make Payment", async () => {
    renderCartPage();
    answerShopInfo(() =>
      HttpResponse.json({ ...fixtureShopInfo, whatsapp_number: '2348099998888' }),
    );

    const link = await helpLink();
    expect(link).toHaveAttribute('href', 'https://wa.me/2348099998888');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(summary()).getByRole('button', { name: 'Make Payment' })).toBeInTheDocument();
    expect(
      getMakePayment().compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  test('without the shop details the cart still works, with no link to a number it does not know', async () => {
    const { store } = renderCartPage();
    answerShopInfo(() => new HttpResponse(null, { status: 500 }));

    await cartItems();
    await waitFor(() =>
      expect(ordersApi.endpoints.getShopInfo.select()(store.getState()).isError).toBe(true),
    );
    expect(getMakePayment()).toBeEnabled();
    expect(
      screen.queryByRole('link', { name: 'Questions? Chat with us on WhatsApp' }),
    ).not.toBeInTheDocument();
  });

  test("the link stays in the page, outside the phone's pinned payment bar", async () => {
    renderCartPage();
    // Shown by CSS below the `md` width only: jsdom applies no media query.
    const bar = await screen.findByRole('region', { name: 'Pay for your order' });
    const link = await helpLink();
    expect(bar).not.toContainElement(link);
    expect(within(bar).getByRole('button', { name: 'Make Payment' })).toBeInTheDocument();
    // The bar is pinned to the bottom while it is in the page's flow, after the link:
    // scrolled to the end, the link sits above it instead of under it.
    expect(link.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('a reload offline or with the server down', () => {
  const savedCopies = {
    owner: signedInSession.userID,
    cart: { data: fixtureCart, savedAt: Date.now() },
    delivery: { data: fixtureDelivery, savedAt: Date.now() },
  };
  const SAVED_NOTE = /^Saved copy from .+ — it can be changed once we can reach the shop again\.$/;
  const SERVER_DOWN = 'Our server is not answering. Please try again in a moment.';
  const OFFLINE = 'You are offline. Check your connection and try again.';

  afterEach(() => jest.restoreAllMocks());

  function failEverything() {
    server.use(
      http.get(apiUrl('/all-carts', 'cart'), () => HttpResponse.error()),
      http.get(apiUrl('/get-delivery', 'delivery'), () => HttpResponse.error()),
    );
  }

  test('with the server down shows the saved cart and location read-only, and says why', async () => {
    failEverything();
    renderCartPage({ savedCopies });

    const garri = await lineOf(GARRI);
    expect((await screen.findAllByText(SERVER_DOWN)).length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText(SAVED_NOTE)).toHaveLength(2);
    expect(figure('Total to pay')).toBe('₦ 17,275');
    for (const button of within(garri).getAllByRole('button')) expect(button).toBeDisabled();
    expect(within(garri).getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
    expect(getMakePayment()).toBeDisabled();

    const block = screen.getByRole('region', { name: 'Delivery location' });
    expect(
      within(block).getByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State'),
    ).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Change' })).toBeDisabled();
    expect(screen.queryByText(/No delivery location yet/)).not.toBeInTheDocument();
    expect(screen.queryByText('You are yet to add product to Cart')).not.toBeInTheDocument();
  });

  test('offline says so, in other words than the server being down', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    failEverything();
    renderCartPage({ savedCopies });

    await lineOf(GARRI);
    expect((await screen.findAllByText(OFFLINE)).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(SERVER_DOWN)).not.toBeInTheDocument();
    expect(screen.getAllByText(SAVED_NOTE)).toHaveLength(2);
  });

  test('a fresh answer replaces the saved copy and its note', async () => {
    failEverything();
    mockDb.cartLines = mockDb.cartLines.slice(0, 1);
    const { user } = renderCartPage({ savedCopies });
    await lineOf(PALM_OIL);
    server.resetHandlers();

    for (const retry of screen.getAllByRole('button', { name: 'Try again' }))
      await user.click(retry);

    await waitFor(() => expect(screen.queryAllByText(SAVED_NOTE)).toHaveLength(0));
    expect(
      within(await cartItems()).queryByRole('heading', { name: PALM_OIL }),
    ).not.toBeInTheDocument();
    expect(getMakePayment()).toBeEnabled();
    expect(screen.queryByText(SERVER_DOWN)).not.toBeInTheDocument();
  });

  test('without a saved copy the failure shows as before, with no false empty cart', async () => {
    failEverything();
    renderCartPage();
    expect(await screen.findAllByText(SERVER_DOWN)).not.toHaveLength(0);
    expect(screen.queryByText('You are yet to add product to Cart')).not.toBeInTheDocument();
    expect(screen.queryByText(SAVED_NOTE)).not.toBeInTheDocument();
  });
});
