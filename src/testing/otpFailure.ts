import { http, HttpResponse } from 'msw';
import { apiUrl } from './fixtures';

/** What the server says when its mail or SMS provider fails (server/src/routes/users.ts). */
export const CODE_NOT_SENT = 'We could not send the code just now. Please try again.';

/**
 * A code that cannot be sent. The server answers an unknown email as a known one, so this
 * (502) is the failure a shopper can really meet.
 */
export const sendOtpFails = http.post(apiUrl('/send-otp', 'users'), () =>
  HttpResponse.json({ detail: CODE_NOT_SENT }, { status: 502 }),
);
