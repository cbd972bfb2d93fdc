import { waitFor } from '@testing-library/react';
import { createAppStore } from '../app/store';
import { cartApi } from '../services/cartApi';
import { fixtureCart, fixtureUser, signedInSession } from '../testing/fixtures';
import { loggedIn, loggedOut } from './sessionSlice';
import {
  SAVED_COPIES_KEY,
  readStoredSavedCopies,
  writeStoredSavedCopies,
} from './storedSavedCopies';

const OWNER = String(fixtureUser.id);
const stored = { owner: OWNER, cart: { data: fixtureCart, savedAt: 1 } };
const apps: { stop: () => void }[] = [];

function signInStorage() {
  localStorage.setItem('authToken', signedInSession.authToken ?? '');
  localStorage.setItem('userID', OWNER);
  localStorage.setItem('userName', 'Ada');
}

async function startApp() {
  const app = createAppStore(localStorage);
  apps.push(app);
  await app.persist();
  return app;
}

afterEach(() => {
  for (const app of apps.splice(0)) app.stop();
  localStorage.clear();
});

describe('reading the stored copies', () => {
  test('gives the signed-in shopper their own copies', () => {
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    expect(readStoredSavedCopies(localStorage, OWNER)).toEqual(stored);
  });

  test("gives nobody another shopper's copies, and nothing for unreadable ones", () => {
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    expect(readStoredSavedCopies(localStorage, '999')).toEqual({ owner: '999' });
    expect(readStoredSavedCopies(localStorage, null)).toEqual({ owner: null });
    localStorage.setItem(SAVED_COPIES_KEY, '{not json');
    expect(readStoredSavedCopies(localStorage, OWNER)).toEqual({ owner: OWNER });
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify({ owner: OWNER, cart: { data: 1 } }));
    expect(readStoredSavedCopies(localStorage, OWNER)).toEqual({ owner: OWNER });
  });

  test('writing no copies removes the key', () => {
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    writeStoredSavedCopies(localStorage, { owner: OWNER });
    expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull();
  });
});

describe('in the app store', () => {
  test('a reload finds the copies the last fresh answer left', async () => {
    signInStorage();
    const first = await startApp();
    await first.store.dispatch(cartApi.endpoints.getCart.initiate()).unwrap();
    await waitFor(() => expect(localStorage.getItem(SAVED_COPIES_KEY)).not.toBeNull());
    first.stop();

    const second = await startApp();
    expect(second.store.getState().savedCopies.cart?.data).toEqual(fixtureCart);
  });

  test('log out removes the stored copies', async () => {
    signInStorage();
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    const { store } = await startApp();
    expect(store.getState().savedCopies.cart).toBeDefined();

    store.dispatch(loggedOut());

    await waitFor(() => expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull());
    expect(store.getState().savedCopies).toMatchObject({ owner: null });
    expect(store.getState().savedCopies.cart).toBeUndefined();
  });

  test('another shopper signing in removes the stored copies', async () => {
    signInStorage();
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    const { store } = await startApp();

    store.dispatch(loggedIn({ authToken: 'other', userID: 999, userName: 'Bola' }));

    await waitFor(() => expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull());
  });

  test('a signed-out start never reads them', async () => {
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(stored));
    const { store } = await startApp();
    expect(store.getState().savedCopies).toMatchObject({ owner: null });
    expect(store.getState().savedCopies.cart).toBeUndefined();
  });
});
