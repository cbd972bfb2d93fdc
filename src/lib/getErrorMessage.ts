/**
 * One place that turns any failure into words a shopper can read: RTK Query's error shapes
 * (an HTTP answer, FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR), a serialized
 * or thrown Error, or a plain string. The server answers errors as {"detail": "..."}, and a
 * 422 as {"detail": [{loc, msg, type}, ...]}.
 */
import { CREDENTIALS_DETAIL } from 'contract/credentials';
import { plainMessages } from './messages';

interface Issue {
  loc: (string | number)[];
  msg: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isIssue(value: unknown): value is Issue {
  return (
    isRecord(value) &&
    typeof value.msg === 'string' &&
    Array.isArray(value.loc) &&
    value.loc.every((part) => typeof part === 'string' || typeof part === 'number')
  );
}

/** The HTTP status of an answer, also when its body was not JSON (PARSING_ERROR). */
export function httpStatus(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR' && typeof error.originalStatus === 'number') {
    return error.originalStatus;
  }
  return undefined;
}

/** True when the request got no answer at all: the network failed or it timed out. */
export function isNoResponse(error: unknown): boolean {
  return isRecord(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

/**
 * Whether the same call may work if made again: no answer, a time-out, a server fault,
 * 408 Request Timeout or 429 Too Many Requests. A refusal (400, 404, 409, 422) will not
 * change by asking again.
 */
export function isRetryable(error: unknown): boolean {
  if (isNoResponse(error)) return true;
  const status = httpStatus(error);
  return status !== undefined && (status >= 500 || status === 408 || status === 429);
}

/** The gateway's answers when the server behind it is down or restarting. */
const SERVER_DOWN_STATUSES = new Set([502, 503, 504]);

/**
 * Why a request got no usable answer: the device has no connection ('offline'), or it has
 * one and the server did not answer ('server-down'); undefined for any other failure.
 */
export function unreachableReason(error: unknown): 'offline' | 'server-down' | undefined {
  const status = httpStatus(error);
  if (!isNoResponse(error) && !(status !== undefined && SERVER_DOWN_STATUSES.has(status))) {
    return undefined;
  }
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'server-down';
}

function detailOf(error: unknown): unknown {
  if (!isRecord(error) || typeof error.status !== 'number' || !isRecord(error.data)) {
    return undefined;
  }
  return error.data.detail;
}

function issuesOf(error: unknown): Issue[] {
  const detail = detailOf(error);
  return Array.isArray(detail) ? detail.filter(isIssue) : [];
}

/** 'mobile_number' → 'Mobile number', 'firstName' → 'First name'. */
export function humanizeField(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie', 'form']);

/** The field an issue is about: loc's last name, skipping list indexes; '' for the whole body. */
function fieldOf(issue: Issue): string {
  for (let i = issue.loc.length - 1; i >= 0; i -= 1) {
    const part = issue.loc[i];
    if (typeof part === 'string') return i === 0 && LOCATION_ROOTS.has(part) ? '' : part;
  }
  return '';
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function issueWords(issue: Issue): string {
  const field = fieldOf(issue);
  const msg = capitalize(issue.msg.trim());
  return field === '' ? msg : `${humanizeField(field)}: ${msg}`;
}

/**
 * The server's own words, when the answer has them: the detail sentence, a 422 list as
 * "Email: Enter a valid email address; Password: Field required", or a `message` field.
 * Undefined when the server said nothing usable.
 */
export function errorDetail(error: unknown): string | undefined {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  const issues = issuesOf(error);
  if (issues.length > 0) return issues.map(issueWords).join('; ');
  if (isRecord(error) && typeof error.status === 'number' && isRecord(error.data)) {
    const { message } = error.data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** Words for any error; 'An error occured' (the spec's spelling) when nothing better is known. */
export function getErrorMessage(error: unknown): string {
  const reason = unreachableReason(error);
  if (reason === 'offline') return plainMessages.offline;
  const detail = errorDetail(error);
  if (reason === 'server-down' && detail === undefined) {
    if (!(isRecord(error) && error.status === 'TIMEOUT_ERROR')) return plainMessages.serverDown;
  }
  if (detail !== undefined) return detail;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isRecord(error)) {
    switch (error.status) {
      case 'TIMEOUT_ERROR':
        return plainMessages.timedOut;
      case 'PARSING_ERROR':
        return plainMessages.unreadableAnswer;
      case 'CUSTOM_ERROR':
        if (typeof error.error === 'string' && error.error.trim() !== '') return error.error;
        break;
      default:
        break;
    }
    // A serialized error (RTK's SerializedError) or a thrown Error.
    if (typeof error.message === 'string' && error.message.trim() !== '') return error.message;
  }
  return plainMessages.anErrorOccured;
}

/**
 * Per-field messages of a 422, keyed by the field's own name (loc's last name, e.g.
 * 'email', 'mobile_number'), for forms to show beside each field. Several messages for one
 * field are joined. Empty for any other error.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issuesOf(error)) {
    const field = fieldOf(issue);
    if (field === '') continue;
    const msg = capitalize(issue.msg.trim());
    const previous = result[field];
    result[field] = previous === undefined ? msg : `${previous}; ${msg}`;
  }
  return result;
}

/** The token is missing, expired or refused: 401, or the detail 'Could not validate credentials'. */
export function isCredentialError(error: unknown): boolean {
  return httpStatus(error) === 401 || detailOf(error) === CREDENTIALS_DETAIL;
}

export type AffiliateLoadResult = { kind: 'not-registered' } | { kind: 'message'; text: string };

/**
 * The affiliate details failed to load (docs/product.md#messages): 404 means not registered yet, so
 * the registration form shows; otherwise the words to show.
 */
export function affiliateLoadError(error: unknown): AffiliateLoadResult {
  if (isRecord(error) && error.status === 404) return { kind: 'not-registered' };
  if (isNoResponse(error)) return { kind: 'message', text: plainMessages.affiliateNoResponse };
  const status = httpStatus(error);
  if (status === 500) return { kind: 'message', text: plainMessages.affiliateServerError };
  if (status !== undefined) {
    return {
      kind: 'message',
      text: `${plainMessages.anErrorOccurred}: ${errorDetail(error) ?? getErrorMessage(error)}`,
    };
  }
  return { kind: 'message', text: `Error: ${getErrorMessage(error)}` };
}

/** A product (or the product list) failed to load (docs/product.md#messages). */
export function productLoadError(error: unknown): string {
  if (httpStatus(error) !== undefined) {
    return `Error: ${errorDetail(error) ?? plainMessages.productFetchFallback}`;
  }
  if (isNoResponse(error)) return plainMessages.productNoResponse;
  return plainMessages.productUnknownError;
}

/** The cart failed to load: 'Please, log in' for a refused token, else the detail (docs/product.md#messages). */
export function cartLoadError(error: unknown): string {
  if (isCredentialError(error)) return plainMessages.pleaseLogIn;
  if (isNoResponse(error)) return getErrorMessage(error);
  return errorDetail(error) ?? plainMessages.anErrorOccurred;
}

/** The delivery location failed to load: the detail, or 'Add your delivery location'. */
export function deliveryLoadError(error: unknown): string {
  if (isCredentialError(error)) return plainMessages.pleaseLogIn;
  if (isNoResponse(error)) return getErrorMessage(error);
  return errorDetail(error) ?? plainMessages.addDeliveryLocation;
}
