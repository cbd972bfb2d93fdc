import { waitFor } from '@testing-library/react';
import { usersApi } from '../services/usersApi';
import { fixtureAuthToken, fixtureCredentials, fixtureUser } from '../testing/fixtures';
import { createAppStore, makeStore } from './store';
import { loggedOut, orderOpened, productOpened, SESSION_KEYS } from '../state/sessionSlice';
import { createSessionStorageEngine } from './sessionPersistence';
import { readStoredSession, writeStoredSession } from './storedSession';

const stores: { stop: () => void }[] = [];

/** The app's store as it starts: the session read, redux-persist not yet joined. */
function openApp() {
  const app = createAppStore(localStorage);
  stores.push(app);
  return app;
}

/** The app's store once redux-persist has joined it, as after the first render. */
async function startApp() {
  const app = openApp();
  await app.persist();
  return app;
}

afterEach(() => {
  for (const app of stores.splice(0)) app.stop();
  localStorage.clear();
});

function storedKeys(): string[] {
  return Object.keys(localStorage).sort();
}

/** Another tab wrote these keys: the browser fires `storage` here. */
function otherTabWrites(changes: Record<string, string | null>) {
  for (const [key, value] of Object.entries(changes)) {
    const oldValue = localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(
      new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }),
    );
  }
}

describe('the storage engine', () => {
  test('writes each field to its own key and removes the null ones', async () => {
    localStorage.setItem('orderId', '401');
    const engine = createSessionStorageEngine(localStorage);

    await engine.setItem('persist:session', {
      authToken: 'tok',
      userID: '7',
      userName: 'Adebayo',
      productID: null,
      productSlug: null,
      orderId: null,
      _persist: { version: -1, rehydrated: true },
    });

    expect(storedKeys()).toEqual(['authToken', 'userID', 'userName']);
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  test('reads the six keys back, absent ones as null', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('productSlug', 'ijebu-garri-5kg');

    expect(await createSessionStorageEngine(localStorage).getItem('persist:session')).toEqual({
      authToken: 'tok',
      productID: null,
      orderId: null,
      userID: null,
      userName: null,
      productSlug: 'ijebu-garri-5kg',
    });
  });

  test('values the earlier site stored JSON-encoded are read as plain text', () => {
    localStorage.setItem('authToken', '"tok"');
    localStorage.setItem('userName', '"Adebayo"');
    localStorage.setItem('userID', '7');
    localStorage.setItem('productSlug', '"broken');

    expect(readStoredSession(localStorage)).toMatchObject({
      authToken: 'tok',
      userName: 'Adebayo',
      userID: '7',
      productSlug: '"broken',
    });
  });

  test('removeItem clears the six keys only', async () => {
    for (const key of SESSION_KEYS) localStorage.setItem(key, 'x');
    localStorage.setItem('theme', 'dark');

    await createSessionStorageEngine(localStorage).removeItem('persist:session');

    expect(storedKeys()).toEqual(['theme']);
  });

  test('unreadable storage reads as signed out', () => {
    const broken: Storage = {
      length: 0,
      clear: () => {},
      key: () => null,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readStoredSession(broken).authToken).toBeNull();
  });

  test("a tab following another tab's login never removes the keys it has not seen yet", () => {
    // This tab's view of storage: the other tab's keys reach it one event at a time.
    const view: Record<string, string> = { authToken: 'tok-2' };
    const removed: string[] = [];
    const storage = {
      getItem: (key: string) => view[key] ?? null,
      setItem: (key: string, value: string) => {
        view[key] = value;
      },
      removeItem: (key: string) => {
        removed.push(key);
        delete view[key];
      },
    } as unknown as Storage;
    const followed = readStoredSession(storage);
    expect(followed).toMatchObject({ authToken: 'tok-2', userID: null });
    // The rest of the login arrives before redux-persist writes what this tab followed.
    view.userID = '9';
    view.userName = 'Funke';
    writeStoredSession(storage, followed);
    expect(removed).toEqual([]);
    expect(view).toEqual({ authToken: 'tok-2', userID: '9', userName: 'Funke' });
    // Its own log out is written.
    writeStoredSession(storage, { ...followed, authToken: null });
    expect(removed).toEqual(['authToken']);
  });

  test('writing ignores anything but the session keys', () => {
    writeStoredSession(localStorage, { _persist: { rehydrated: true }, other: 'x' });
    writeStoredSession(localStorage, null);
    expect(storedKeys()).toEqual([]);
  });
});

describe('the app store', () => {
  test('a change made before redux-persist joins is written as it joins', async () => {
    localStorage.setItem('authToken', 'refused-token');
    localStorage.setItem('userID', '7');
    localStorage.setItem('userName', 'Adebayo');
    const app = openApp();
    // The server refused the token during the first render: the shopper is signed out.
    app.store.dispatch(loggedOut());
    expect(localStorage.getItem('authToken')).toBe('refused-token');

    const persistor = await app.persist();
    await persistor.flush();

    await waitFor(() => expect(storedKeys()).toEqual([]));
  });

  test('after login localStorage holds the session under its own keys, and no persist:* item', async () => {
    const app = await startApp();
    const { store } = app;
    const persistor = await app.persist();

    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
    store.dispatch(productOpened({ productID: 1, productSlug: 'ijebu-garri-5kg' }));
    store.dispatch(orderOpened({ orderId: 401 }));
    await persistor.flush();

    await waitFor(() =>
      expect(storedKeys()).toEqual(
        ['authToken', 'orderId', 'productID', 'productSlug', 'userID', 'userName'].sort(),
      ),
    );
    expect(localStorage.getItem('authToken')).toBe(fixtureAuthToken);
    expect(localStorage.getItem('userID')).toBe(String(fixtureUser.id));
    expect(localStorage.getItem('userName')).toBe(fixtureUser.first_name);
    expect(localStorage.getItem('productID')).toBe('1');
    expect(localStorage.getItem('productSlug')).toBe('ijebu-garri-5kg');
    expect(localStorage.getItem('orderId')).toBe('401');
    expect(storedKeys().some((k) => k.startsWith('persist:'))).toBe(false);
  });

  test('after logout the token, user id and name are gone', async () => {
    const { store } = await startApp();
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
    store.dispatch(productOpened({ productID: 1, productSlug: 'ijebu-garri-5kg' }));
    await waitFor(() => expect(localStorage.getItem('authToken')).toBe(fixtureAuthToken));

    store.dispatch(loggedOut());

    await waitFor(() => expect(storedKeys()).toEqual(['productID', 'productSlug']));
  });

  test('a shopper signed in by the earlier site (keys already stored) is signed in at start', () => {
    localStorage.setItem('authToken', 'legacy-token');
    localStorage.setItem('userID', '7');
    localStorage.setItem('userName', 'Adebayo');
    localStorage.setItem('productSlug', 'ofada-rice-5kg');

    const { store } = openApp();

    expect(store.getState().session).toMatchObject({
      authToken: 'legacy-token',
      userID: '7',
      userName: 'Adebayo',
      productSlug: 'ofada-rice-5kg',
      productID: null,
      orderId: null,
    });
  });

  test('a logout in another tab logs this tab out', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('userID', '7');
    localStorage.setItem('userName', 'Adebayo');
    const { store } = await startApp();

    otherTabWrites({ authToken: null, userID: null, userName: null });

    await waitFor(() =>
      expect(store.getState().session).toMatchObject({
        authToken: null,
        userID: null,
        userName: null,
      }),
    );
  });

  test('a login in another tab signs this tab in', async () => {
    const { store } = await startApp();

    otherTabWrites({ authToken: 'tok-2', userID: '9', userName: 'Funke' });

    await waitFor(() =>
      expect(store.getState().session).toMatchObject({
        authToken: 'tok-2',
        userID: '9',
        userName: 'Funke',
      }),
    );
  });

  test('storage events for other keys, or after stop(), change nothing', () => {
    localStorage.setItem('authToken', 'tok');
    const app = openApp();

    otherTabWrites({ theme: 'dark' });
    expect(app.store.getState().session.authToken).toBe('tok');

    app.stop();
    otherTabWrites({ authToken: null });
    expect(app.store.getState().session.authToken).toBe('tok');
  });

  test('makeStore for tests persists nothing', async () => {
    const store = makeStore();
    // The app's own store, writing to another storage: once its write has landed, one from
    // the test store would have landed too.
    const app = createAppStore(sessionStorage);
    stores.push(app);
    await app.persist();
    try {
      await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
      await app.store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
      await waitFor(() => expect(sessionStorage.getItem('authToken')).toBe(fixtureAuthToken));
      expect(storedKeys()).toEqual([]);
    } finally {
      sessionStorage.clear();
    }
  });
});
