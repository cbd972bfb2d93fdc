import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { addMockNotification, notificationDb } from '../../testing/notificationHandlers';
import { recordRequests, server } from '../../testing/server';
import NotificationsPage, { NOTIFICATIONS_PAGE_SIZE } from './NotificationsPage';
import { startedCalls } from '../../testing/startedCalls';

const LIST_URL = apiUrl('/notifications', 'notifications');

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderNotifications(
  session: SessionState = signedInSession,
  route = '/profile/notifications',
) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/notifications" element={<NotificationsPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { preloadedState: { session }, route },
  );
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
const list = () => screen.findByRole('list', { name: 'Notifications' });
/** Each row's accessible name: 'Unread: ' before the title of one not read yet. */
const rowNames = (ul: HTMLElement) =>
  within(ul)
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link').textContent);

describe('NotificationsPage', () => {
  it('lists the notifications newest first, the unread ones marked, with the unread count', async () => {
    renderNotifications();
    const ul = await list();
    const links = within(ul).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/detail/product-details?slug=red-palm-oil-1l',
      '/profile/orders/402',
      '/profile/orders/401',
      '/profile/orders/401',
    ]);
    expect(links[0]).toHaveAccessibleName(/^Unread: Red Palm Oil \(1 litre\) is back in stock/);
    expect(links[1]).toHaveAccessibleName(/^Unread: Order ibm-402-c91d placed/);
    expect(links[2]).toHaveAccessibleName(/^Order ibm-401-a7f3: Out for delivery/);
    expect(links[3]).toHaveAccessibleName(/^Order ibm-401-a7f3 placed/);
    expect(within(links[2]!).getByText('29 October 2026 at 10:40')).toBeInTheDocument();
    expect(screen.getByText('You have 2 unread notifications.')).toBeVisible();
    expect(document.title).toBe('(2) Notifications | Ibadan Market');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('opening one marks it read and goes to its page', async () => {
    const requests = recordRequests();
    const { user } = renderNotifications();
    const ul = await list();
    await user.click(within(ul).getByRole('link', { name: /Order ibm-402-c91d placed/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/orders/402');
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/503/read')),
      ).toBe(true),
    );
    expect(notificationDb.notifications.find((n) => n.id === 503)?.read).toBe(true);
    expect(notificationDb.notifications.find((n) => n.id === 504)?.read).toBe(false);
  });

  it('opening one already read asks the server nothing', async () => {
    const requests = recordRequests();
    const { user } = renderNotifications();
    const ul = await list();
    await user.click(within(ul).getByRole('link', { name: /Out for delivery/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/orders/401');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('Mark all as read: none is left unread, and the button goes', async () => {
    const { user } = renderNotifications();
    const ul = await list();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await toasts().findByText('All marked as read')).toBeInTheDocument();
    await waitFor(() => expect(within(ul).queryByText(/Unread:/)).not.toBeInTheDocument());
    expect(notificationDb.notifications.every((n) => n.read)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.getByText('You have read them all.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(document.title).toBe('Notifications | Ibadan Market');
  });

  it('Mark all as read refused: says so, and the unread stay marked', async () => {
    server.use(
      http.post(apiUrl('/notifications/read-all', 'notifications'), () =>
        HttpResponse.json({ detail: 'Try later' }, { status: 500 }),
      ),
    );
    const { user } = renderNotifications();
    const ul = await list();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await toasts().findByText('Unable to mark all as read')).toBeInTheDocument();
    expect(within(ul).getAllByText(/Unread:/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
  });

  it("'You have no notification.' when there are none", async () => {
    notificationDb.notifications = [];
    renderNotifications();
    expect(await screen.findByText('You have no notification.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(document.title).toBe('Notifications | Ibadan Market');
  });

  it('shows why the list did not load, and tries again', async () => {
    server.use(http.get(LIST_URL, () => HttpResponse.error()));
    const { user } = renderNotifications();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Our server is not answering. Please try again in a moment.',
    );
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await list()).toBeVisible();
  });

  it('more than one page: the pages, newest on the first, oldest on the last', async () => {
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE; i += 1) addMockNotification({ read: true });
    const requests = recordRequests();
    const { user } = renderNotifications();
    const first = await list();
    expect(within(first).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: 'Notification pages' });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));

    await waitFor(() =>
      expect(rowNames(screen.getByRole('list', { name: 'Notifications' }))).toHaveLength(4),
    );
    const second = screen.getByRole('list', { name: 'Notifications' });
    expect(within(second).getAllByRole('link').at(-1)).toHaveAccessibleName(
      /^Order ibm-401-a7f3 placed/,
    );
    expect(
      requests
        .filter((r) => r.url.pathname.endsWith('/notifications'))
        .map((r) => r.url.searchParams.toString()),
    ).toEqual([
      `limit=${NOTIFICATIONS_PAGE_SIZE}&offset=0`,
      `limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${NOTIFICATIONS_PAGE_SIZE}`,
    ]);
  });

  it('a page past the end (an old link) shows the last page there is', async () => {
    renderNotifications(signedInSession, '/profile/notifications?page=9');
    const ul = await list();
    await waitFor(() => expect(within(ul).getAllByRole('listitem')).toHaveLength(4));
    expect(within(ul).getAllByRole('link')[0]).toHaveAccessibleName(/Red Palm Oil/);
  });

  it('a link to another site is never followed: the notification offers Mark as read instead', async () => {
    notificationDb.notifications = [];
    addMockNotification({ id: 900, title: 'A message', link: 'https://example.com/phish' });
    addMockNotification({ id: 901, title: 'Another', link: '//example.com/phish', read: true });
    const { user } = renderNotifications();
    const ul = await list();
    expect(within(ul).queryAllByRole('link')).toEqual([]);
    await user.click(within(ul).getByRole('button', { name: 'Mark as read: A message' }));
    await waitFor(() =>
      expect(notificationDb.notifications.find((n) => n.id === 900)?.read).toBe(true),
    );
  });

  it('a second visit asks the server again: new notifications show', async () => {
    const { store, unmount } = renderNotifications();
    await list();
    unmount();
    addMockNotification({ id: 950, title: 'Order ibm-402-c91d: Ready for pickup' });
    renderWithProviders(<NotificationsPage />, {
      store,
      route: '/profile/notifications',
    });
    const ul = await list();
    await waitFor(() =>
      expect(within(ul).getAllByRole('link')[0]).toHaveAccessibleName(/Ready for pickup/),
    );
  });

  it('asks a signed-out visitor to log in and come back here, requesting nothing', async () => {
    const requests = recordRequests();
    const { store } = renderNotifications(initialSessionState);
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.queryByText('You have no notification.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Fnotifications',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });
});
