/**
 * The real senders behind the outbox: email by SMTP, SMS by Termii or Africa's Talking, and
 * the shop's own JSON relay for either. Each takes one message and either delivers it or
 * throws a DeliveryFailure that says whether trying again is safe.
 */
import type { Transporter } from 'nodemailer';
import { emailHtml } from './html';
import { smsText, toE164 } from './sms';

export type Route = 'smtp' | 'termii' | 'africastalking' | 'relay';

export interface Envelope {
  /** The message's idempotency key: the same on every try. */
  key: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
}

export interface Transport {
  readonly route: Route;
  /**
   * The far end is given the message's key and drops a repeat (the relay by its
   * Idempotency-Key header, mailboxes by Message-ID), so a retry after an unclear failure
   * cannot reach the shopper twice. Without it, such a message is never tried again.
   */
  readonly acceptsKey: boolean;
  deliver(message: Envelope): Promise<{ providerId: string | null }>;
  close?(): void;
}

/**
 * retry: it did not go out (refused connection, 5xx, a key the owner must fix): safe to try
 * again. permanent: it never will (no such number, a refused address). unclear: the
 * provider may have taken it and not said so (a timeout after the request went out).
 */
export type FailureKind = 'retry' | 'permanent' | 'unclear';

export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/** How long one try may take before it counts as unanswered. */
const SEND_TIMEOUT_MS = 15_000;

/** Errors raised before a single byte of the request could reach the provider. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } | null } | null | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

function networkFailure(provider: string, error: unknown): DeliveryFailure {
  const code = errorCode(error);
  if (code !== undefined && NOT_SENT_CODES.has(code)) {
    return new DeliveryFailure(`${provider} could not be reached (${code})`, 'retry');
  }
  const why =
    (error as Error | undefined)?.name === 'TimeoutError' ? 'timed out' : (code ?? 'no answer');
  return new DeliveryFailure(`${provider} did not answer (${why})`, 'unclear');
}

/** Statuses that say the request was refused for now, or for a setting the owner can fix. */
const RETRY_STATUSES = new Set([401, 403, 408, 409, 425, 429]);

function statusFailure(provider: string, status: number, detail: string): DeliveryFailure {
  const kind: FailureKind = status >= 500 || RETRY_STATUSES.has(status) ? 'retry' : 'permanent';
  const said = detail.trim().slice(0, 200);
  return new DeliveryFailure(`${provider} answered ${status}${said ? `: ${said}` : ''}`, kind);
}

async function post(
  provider: string,
  doFetch: typeof fetch,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  let response: Response;
  let body: string;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    throw networkFailure(provider, error);
  }
  if (response.status < 200 || response.status > 299) {
    throw statusFailure(provider, response.status, body);
  }
  return { status: response.status, body };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

function smsNumber(to: string): string {
  const number = toE164(to);
  // The reason is logged: it names no number (the owner's list shows the recipient).
  if (number === null)
    throw new DeliveryFailure('The recipient is not a phone number', 'permanent');
  return number;
}

// ------------------------------------------------------------------ relay

/**
 * POSTs each message as JSON to the shop's relay: {key, to, channel, subject, text, html}
 * (html for email), with the key again in an Idempotency-Key header. Any 2xx is delivered.
 */
export function createRelayTransport(options: {
  url: string;
  token: string | null;
  fetch?: typeof fetch;
}): Transport {
  const doFetch = options.fetch ?? fetch;
  return {
    route: 'relay',
    acceptsKey: true,
    async deliver(message) {
      const sms = message.channel === 'sms';
      const body = {
        key: message.key,
        to: sms ? smsNumber(message.to) : message.to,
        channel: message.channel,
        subject: message.subject,
        text: sms ? smsText(message.text) : message.text,
        ...(sms ? {} : { html: emailHtml(message.subject, message.text) }),
      };
      await post('The mail relay', doFetch, options.url, {
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.key,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { providerId: null };
    },
  };
}

// ------------------------------------------------------------------ SMTP

/** <key@domain of the sender>: the same Message-ID on every try of one message. */
function messageId(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

export function createSmtpTransport(options: { url: string; from: string }): Transport {
  // nodemailer (about 13 MiB) is loaded with the first message, not when the server starts.
  let transporter: Promise<Transporter> | null = null;
  const connect = () =>
    (transporter ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport({
        url: options.url,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS * 2,
      }),
    ));
  return {
    route: 'smtp',
    acceptsKey: true,
    async deliver(message) {
      const smtp = await connect();
      let info: { messageId?: string; rejected?: unknown[] };
      try {
        info = await smtp.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: emailHtml(message.subject, message.text),
          messageId: messageId(message.key, options.from),
        });
      } catch (error) {
        const e = error as SmtpError;
        const said = (e.response ?? e.message ?? String(error)).slice(0, 200);
        // A 5xx to the recipient or the message itself is the mail server's final word; a
        // refused login or a dropped connection is worth another try.
        const final =
          e.responseCode !== undefined &&
          e.responseCode >= 500 &&
          (e.code === 'EENVELOPE' || e.code === 'EMESSAGE');
        throw new DeliveryFailure(
          `The SMTP server refused the message: ${said}`,
          final ? 'permanent' : 'retry',
        );
      }
      if ((info.rejected?.length ?? 0) > 0) {
        throw new DeliveryFailure('The SMTP server refused the address', 'permanent');
      }
      return { providerId: info.messageId ?? null };
    },
    close() {
      void transporter?.then((smtp) => smtp.close());
    },
  };
}

// ------------------------------------------------------------------ Termii

/**
 * Termii's send API: POST {base}/api/sms/send with JSON {api_key, to, from, sms, type,
 * channel}. Termii takes the number in international form without '+' (2348031234567).
 */
export function createTermiiTransport(options: {
  apiKey: string;
  senderId: string;
  baseUrl: string;
  channel: 'generic' | 'dnd';
  fetch?: typeof fetch;
}): Transport {
  const doFetch = options.fetch ?? fetch;
  return {
    route: 'termii',
    acceptsKey: false,
    async deliver(message) {
      const { body } = await post('Termii', doFetch, `${options.baseUrl}/api/sms/send`, {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: options.apiKey,
          to: smsNumber(message.to).slice(1),
          from: options.senderId,
          sms: smsText(message.text),
          type: 'plain',
          channel: options.channel,
        }),
      });
      const answer = parseJson(body) as { message_id?: unknown } | null;
      const id = answer?.message_id;
      return { providerId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
    },
  };
}

// ------------------------------------------------------------------ Africa's Talking

/** Per-recipient statuses that no retry will change: a bad, barred or blocked number. */
const AT_FINAL_STATUSES = new Set([403, 404, 406, 409, 502]);
const AT_SENT_STATUSES = new Set([100, 101, 102]);

interface AtAnswer {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number; status?: string; messageId?: string }[];
  };
}

/**
 * Africa's Talking's SMS API: POST {base}/version1/messaging, form-encoded username, to,
 * message and from, with the key in an apiKey header. It answers 201 with a status per
 * recipient; 100 (processed), 101 (sent) and 102 (queued) mean it is on its way.
 */
export function createAfricasTalkingTransport(options: {
  username: string;
  apiKey: string;
  senderId: string | null;
  baseUrl: string;
  fetch?: typeof fetch;
}): Transport {
  const doFetch = options.fetch ?? fetch;
  return {
    route: 'africastalking',
    acceptsKey: false,
    async deliver(message) {
      const form = new URLSearchParams({
        username: options.username,
        to: smsNumber(message.to),
        message: smsText(message.text),
      });
      if (options.senderId) form.set('from', options.senderId);
      const { body } = await post(
        "Africa's Talking",
        doFetch,
        `${options.baseUrl}/version1/messaging`,
        {
          headers: {
            apiKey: options.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        },
      );
      const data = (parseJson(body) as AtAnswer | null)?.SMSMessageData;
      const recipient = data?.Recipients?.[0];
      if (!recipient || typeof recipient.statusCode !== 'number') {
        throw new DeliveryFailure(
          `Africa's Talking sent it to nobody: ${data?.Message ?? body.slice(0, 200)}`,
          'retry',
        );
      }
      if (!AT_SENT_STATUSES.has(recipient.statusCode)) {
        throw new DeliveryFailure(
          `Africa's Talking refused it: ${recipient.status ?? recipient.statusCode}`,
          AT_FINAL_STATUSES.has(recipient.statusCode) ? 'permanent' : 'retry',
        );
      }
      return { providerId: recipient.messageId ?? null };
    },
  };
}
