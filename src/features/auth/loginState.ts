/** What other screens hand the login page when they send the shopper there. */
export interface LoginLocationState {
  /** Fills the email field, e.g. after an account is activated. */
  email: string;
}

/** The query parameter that can carry the email too (/auth/login?email=...), e.g. from a link. */
export const EMAIL_PARAM = 'email';

/** The email to start the login form with: from router state first, then the query string. */
export function initialLoginEmail(state: unknown, searchParams: URLSearchParams): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    if (typeof state.email === 'string') return state.email;
  }
  return searchParams.get(EMAIL_PARAM) ?? '';
}
