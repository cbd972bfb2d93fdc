import sessionSlice, {
  initialSessionState,
  loggedIn,
  loggedOut,
  orderOpened,
  productOpened,
  selectIsLoggedIn,
  selectSignedInUserId,
  syncedFromStorage,
} from './sessionSlice';

const reduce = sessionSlice.reducer;

test('login stores the token, the user id as text and the first name', () => {
  const state = reduce(
    initialSessionState,
    loggedIn({ authToken: 't', userID: 7, userName: 'Ada' }),
  );
  expect(state).toMatchObject({ authToken: 't', userID: '7', userName: 'Ada' });
  expect(selectIsLoggedIn({ session: state })).toBe(true);
});

test('logout clears the token, user id and name, and keeps the product and order', () => {
  let state = reduce(initialSessionState, loggedIn({ authToken: 't', userID: 7, userName: 'Ada' }));
  state = reduce(state, productOpened({ productID: 3, productSlug: 'red-palm-oil-1l' }));
  state = reduce(state, orderOpened({ orderId: 401 }));

  state = reduce(state, loggedOut());

  expect(state).toEqual({
    authToken: null,
    userID: null,
    userName: null,
    productID: '3',
    productSlug: 'red-palm-oil-1l',
    orderId: '401',
  });
  expect(selectIsLoggedIn({ session: state })).toBe(false);
});

test('syncedFromStorage takes the other tab’s six values', () => {
  const state = reduce(
    reduce(initialSessionState, loggedIn({ authToken: 't', userID: 7, userName: 'Ada' })),
    syncedFromStorage({ ...initialSessionState, productSlug: 'ofada-rice-5kg' }),
  );
  expect(state).toEqual({ ...initialSessionState, productSlug: 'ofada-rice-5kg' });
});

test.each([
  [{ authToken: 't', userID: '7' }, 7],
  [{ authToken: null, userID: '7' }, null],
  [{ authToken: 't', userID: null }, null],
  [{ authToken: 't', userID: '0' }, null],
  [{ authToken: 't', userID: '2.5' }, null],
  [{ authToken: 't', userID: 'seven' }, null],
])('the signed-in user id of %j is %s', (stored, expected) => {
  expect(selectSignedInUserId({ session: { ...initialSessionState, ...stored } })).toBe(expected);
});
