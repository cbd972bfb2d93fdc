import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SESSION_KEYS, type SessionKey, type SessionValues } from 'contract/session';

/**
 * The six values the spec keeps in the browser's localStorage (docs/product.md#data), each under
 * its own key. Values are strings, as localStorage holds them; null means absent. The server
 * reads the same six from a cookie to render a page for the shopper (contract/sessionCookie.ts).
 */
export { SESSION_KEYS, type SessionKey };
export type SessionState = SessionValues;

export const initialSessionState: SessionState = {
  authToken: null,
  productID: null,
  orderId: null,
  userID: null,
  userName: null,
  productSlug: null,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(
      state,
      action: PayloadAction<{ authToken: string; userID: number | string; userName: string }>,
    ) {
      state.authToken = action.payload.authToken;
      state.userID = String(action.payload.userID);
      state.userName = action.payload.userName;
    },
    /** Log out, or a token the server no longer accepts: the spec clears token, user id and name. */
    loggedOut(state) {
      state.authToken = null;
      state.userID = null;
      state.userName = null;
    },
    productOpened(
      state,
      action: PayloadAction<{ productID: number | string; productSlug: string }>,
    ) {
      state.productID = String(action.payload.productID);
      state.productSlug = action.payload.productSlug;
    },
    orderOpened(state, action: PayloadAction<{ orderId: number | string }>) {
      state.orderId = String(action.payload.orderId);
    },
    /** Another tab changed the stored session (login or logout there): take its values. */
    syncedFromStorage(state, action: PayloadAction<SessionState>) {
      for (const key of SESSION_KEYS) state[key] = action.payload[key];
    },
  },
  selectors: {
    selectAuthToken: (state) => state.authToken,
    selectUserID: (state) => state.userID,
    selectUserName: (state) => state.userName,
    selectIsLoggedIn: (state) => state.authToken !== null && state.userID !== null,
    /**
     * The signed-in shopper's id as the API takes it (`userid`, a number): null when nobody
     * is signed in or the stored id is not a positive whole number.
     */
    selectSignedInUserId: (state): number | null => {
      const id = Number(state.userID);
      return state.authToken && Number.isInteger(id) && id > 0 ? id : null;
    },
    selectProductSlug: (state) => state.productSlug,
    selectProductID: (state) => state.productID,
    selectOrderId: (state) => state.orderId,
  },
});

export const { loggedIn, loggedOut, productOpened, orderOpened, syncedFromStorage } =
  sessionSlice.actions;
export const {
  selectAuthToken,
  selectUserID,
  selectUserName,
  selectIsLoggedIn,
  selectSignedInUserId,
  selectProductSlug,
  selectProductID,
  selectOrderId,
} = sessionSlice.selectors;
export default sessionSlice;
