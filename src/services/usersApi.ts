import { createApi } from './createApi';
import type {
  CustomerUpdate,
  EmailVerificationRequest,
  LoginRequest,
  LoginResponse,
  MessageBody,
  Registration,
  ResetPasswordRequest,
  SendOtpRequest,
  SendOtpResponse,
  User,
} from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';
import { absoluteBaseUrl } from './serviceAddress';

/** The profile update sends user_id plus only the fields the shopper filled in (docs/product.md#validation). */
export function nonEmptyCustomerUpdate(update: CustomerUpdate): CustomerUpdate {
  const body: CustomerUpdate = { user_id: update.user_id };
  if (update.mobile_number !== undefined && update.mobile_number.trim() !== '') {
    body.mobile_number = update.mobile_number.trim();
  }
  if (update.age !== undefined && Number.isFinite(update.age)) body.age = update.age;
  if (update.gender !== undefined) body.gender = update.gender;
  if (update.password !== undefined && update.password !== '') body.password = update.password;
  return body;
}

/**
 * Ends the session on the server (beyond the spec), so the token stops working at once, for
 * anyone who copied it too. A plain fetch rather than an endpoint of usersApi: Log out empties
 * the shopper's caches, which aborts their running requests, and `keepalive` lets the call
 * finish while the page moves on. Never rejects: the browser forgets the token either way.
 */
export async function endSession(token: string): Promise<boolean> {
  try {
    const response = await fetch(`${absoluteBaseUrl(env.apiBaseUrls.users)}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Accounts: sign-up, OTP, activation, login, password reset and the profile. A successful
 * login fills the session through the listener middleware (app/listeners.ts).
 */
export const usersApi = createApi({
  reducerPath: 'usersApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.users),
  tagTypes: ['User'],
  endpoints: (build) => ({
    register: build.mutation<unknown, Registration>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    sendOtp: build.mutation<SendOtpResponse, SendOtpRequest>({
      query: (body) => ({ url: '/send-otp', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<MessageBody, EmailVerificationRequest>({
      query: (body) => ({ url: '/email-verification', method: 'POST', body }),
    }),
    /**
     * OAuth2 password style: username (the email) and password, form-encoded. fetch sets
     * the content-type (application/x-www-form-urlencoded) itself for a URLSearchParams body.
     */
    login: build.mutation<LoginResponse, LoginRequest>({
      query: ({ username, password, otp }) => ({
        url: '/login',
        method: 'POST',
        body: new URLSearchParams(otp ? { username, password, otp } : { username, password }),
      }),
    }),
    resetPassword: build.mutation<MessageBody, ResetPasswordRequest>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    getMe: build.query<User, void>({
      query: () => '/user/me',
      providesTags: ['User'],
    }),
    updateCustomer: build.mutation<User, CustomerUpdate>({
      query: (update) => ({
        url: '/customer-update',
        method: 'PATCH',
        body: nonEmptyCustomerUpdate(update),
      }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useRegisterMutation,
  useSendOtpMutation,
  useVerifyEmailMutation,
  useLoginMutation,
  useResetPasswordMutation,
  useGetMeQuery,
  useUpdateCustomerMutation,
} = usersApi;
