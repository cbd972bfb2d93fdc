/**
 * One place that shapes every error the way the storefront expects from this backend family
 * (FastAPI): {"detail": "<sentence>"}, or for 422 {"detail": [{loc, msg, type}]}. Nothing
 * else reaches a client: no stack traces, no fastify error codes, never a 500 for bad input.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_DETAILS, type ValidationIssue } from '../../../contract';
import type { IssueCarrier } from './validation';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(typeof detail === 'string' ? detail : 'Request validation failed', options);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

export function credentialsError(): HttpError {
  return new HttpError(401, ERROR_DETAILS.credentials, { 'WWW-Authenticate': 'Bearer' });
}

export function tooManyRequests(detail: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, detail, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

export function issue(
  loc: (string | number)[],
  msg: string,
  type = 'value_error',
): ValidationIssue {
  return { loc, msg, type };
}

export function unprocessable(issues: ValidationIssue[]): HttpError {
  return new HttpError(422, issues);
}

/** "45 seconds", "1 minute", "15 minutes": for 429 answers. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

interface ShapedError {
  status: number;
  detail: string | ValidationIssue[];
  headers?: Record<string, string>;
}

function isIssueCarrier(value: unknown): value is IssueCarrier {
  return typeof value === 'object' && value !== null && 'issue' in value;
}

function shape(
  error: FastifyError & { detail?: unknown },
  bodyLimitBytes: number,
): ShapedError | null {
  if (error instanceof HttpError) {
    return { status: error.statusCode, detail: error.detail, headers: error.headers };
  }
  if (error.validation) {
    const part = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }[
      error.validationContext ?? 'body'
    ];
    const issues = error.validation.map((v) =>
      isIssueCarrier(v) ? v.issue : issue([part], v.message ?? 'Invalid value'),
    );
    return { status: 422, detail: issues };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        detail: `The request body is too large (the limit is ${Math.floor(bodyLimitBytes / 1024)} KiB)`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        detail: 'Send the request body as JSON (Content-Type: application/json)',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 422, detail: [issue(['body'], 'Field required', 'missing')] };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 422,
        detail: [issue(['body'], 'The request body is not valid JSON', 'json_invalid')],
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, detail: 'The Content-Length header does not match the body' };
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return {
      status: 422,
      detail: [issue(['body'], 'The request body is not valid JSON', 'json_invalid')],
    };
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, detail: typeof error.detail === 'string' ? error.detail : error.message };
  }
  return null;
}

export const DISK_FULL_DETAIL =
  'The shop cannot save anything right now because its storage is full. Please try again later; nothing you sent was saved.';
export const DATABASE_DOWN_DETAIL =
  'The shop cannot reach its records right now. Please try again in a few minutes.';

/** A full disk, whichever database reports it: PostgreSQL's SQLSTATE or the file system's errno. */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '53100' || code === 'ENOSPC') return true;
  return (
    typeof message === 'string' && /ENOSPC|No space left on device|disk is full/i.test(message)
  );
}

/** The database itself is gone (stopped, aborted, unreachable), as opposed to a refused query. */
function isDatabaseDown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (
    typeof code === 'string' &&
    /^(08...|57P0[1-3]|ECONNREFUSED|ECONNRESET|ETIMEDOUT)$/.test(code)
  ) {
    return true;
  }
  return (
    name === 'DatabaseError' &&
    typeof message === 'string' &&
    /database stopped|database is closed|Aborted\(\)/.test(message)
  );
}

/**
 * A failure of storage that a request cannot go on without (the rate-limit counts): 503 in
 * the words the error handler would use for it, and 503 rather than 500 for any other
 * database error too, since nothing the shopper sent caused it.
 */
export function storageUnavailable(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const shaped = shapeDatabaseError(error);
  if (shaped && shaped.status >= 500) {
    return new HttpError(shaped.status, shaped.detail, shaped.headers, { cause: error });
  }
  return new HttpError(503, DATABASE_DOWN_DETAIL, { 'Retry-After': '30' }, { cause: error });
}

/** Database errors that can only come from a value the schemas let through: still 4xx. */
function shapeDatabaseError(error: unknown): ShapedError | null {
  // Storage trouble is the shop's, not the shopper's: 503, in words, never a bare 500.
  if (isDiskFull(error)) {
    return { status: 503, detail: DISK_FULL_DETAIL, headers: { 'Retry-After': '60' } };
  }
  if (isDatabaseDown(error)) {
    return { status: 503, detail: DATABASE_DOWN_DETAIL, headers: { 'Retry-After': '30' } };
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22')) {
    return { status: 422, detail: [issue(['body'], 'A value is malformed or out of range')] };
  }
  if (code === '23505') return { status: 409, detail: 'This already exists' };
  if (code === '40001' || code === '40P01') {
    return {
      status: 503,
      detail: 'The shop is busy. Please try again.',
      headers: { 'Retry-After': '1' },
    };
  }
  return null;
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { bodyLimitBytes: number; isClosing: () => boolean },
): void {
  app.setErrorHandler(
    (error: FastifyError & { detail?: unknown }, request: FastifyRequest, reply: FastifyReply) => {
      if (options.isClosing() && !(error instanceof HttpError) && !error.validation) {
        // Requests still running while the server shuts down lose their database: expected.
        request.log.info({ err: error }, 'request cut short by shutdown');
        return reply
          .code(503)
          .headers({ 'Retry-After': '5' })
          .type('application/json; charset=utf-8')
          .send({ detail: 'The shop is restarting. Please try again in a moment.' });
      }
      const shaped = shape(error, options.bodyLimitBytes) ?? shapeDatabaseError(error);
      if (shaped) {
        if (shaped.status >= 500) {
          // Log what the database said, not the sentence the shopper is given.
          const cause = error instanceof HttpError && error.cause ? error.cause : error;
          request.log.error({ err: cause }, 'database could not answer');
        } else
          request.log.info({ status: shaped.status, detail: shaped.detail }, 'request refused');
        return reply
          .code(shaped.status)
          .headers(shaped.headers ?? {})
          .type('application/json; charset=utf-8')
          .send({ detail: shaped.detail });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .type('application/json; charset=utf-8')
        .send({ detail: 'Internal Server Error' });
    },
  );
}

export function notFoundBody(): { detail: string } {
  return { detail: ERROR_DETAILS.notFound };
}
