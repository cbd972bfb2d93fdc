/**
 * An EmailJS-compatible endpoint, so the contact form (which posts with @emailjs/browser)
 * works without the EmailJS service: messages go to the shop's mailbox through the mailer
 * (the outbox when no mail settings are given). EmailJS answers in plain text: "OK", or a
 * sentence with a 400; this scope does the same.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { EmailJsFormSchema, EmailJsSendSchema } from '../../../contract';
import { hasLineBreak, isValidEmail } from '../../../contract/email';
import type { RoutePlugin } from '../context';
import { contactMessage, type ContactForm } from '../mail/messages';
import { DISK_FULL_DETAIL, HttpError, isDiskFull } from '../plugins/errors';

class MultipartError extends Error {
  readonly statusCode = 400;
}

const MAX_FIELDS = 100;

/**
 * The text fields of a multipart/form-data body (files are skipped). Small on purpose:
 * EmailJS's sendForm sends a handful of short fields, and @fastify/multipart is not a
 * dependency of this project.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string | undefined,
): Record<string, string> {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError('The multipart body has no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('The multipart body is malformed');
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // "--": the closing delimiter
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    const next = body.indexOf(delimiter, at);
    if (next < 0) throw new MultipartError('The multipart body is not terminated');
    const part = body.subarray(at, Math.max(at, next - 2));
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) throw new MultipartError('A multipart part has no headers');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined && !/\bfilename\*?=/i.test(disposition)) {
      fields.set(name, part.subarray(headerEnd + 4).toString('utf8'));
      if (fields.size > MAX_FIELDS) throw new MultipartError('Too many form fields');
    }
    at = next;
  }
  return Object.fromEntries(fields);
}

const NAME_FIELDS = ['name', 'user_name', 'from_name'];
const EMAIL_FIELDS = ['email', 'user_email', 'reply_to', 'from_email'];
const MESSAGE_FIELDS = ['message', 'user_message'];
const IGNORED = new Set([
  'lib_version',
  'user_id',
  'service_id',
  'template_id',
  'accessToken',
  'g-recaptcha-response',
]);

function toForm(params: Record<string, unknown>): ContactForm {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();
  const pick = (names: string[]) => text(params[names.find((n) => text(params[n]) !== '') ?? '']);
  const known = new Set([...NAME_FIELDS, ...EMAIL_FIELDS, ...MESSAGE_FIELDS]);
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!known.has(key) && !IGNORED.has(key) && text(value) !== '') extra[key] = text(value);
  }
  return {
    name: pick(NAME_FIELDS),
    email: pick(EMAIL_FIELDS),
    message: pick(MESSAGE_FIELDS),
    extra,
  };
}

/**
 * The contact form's fields, as the storefront requires them. Name, email and subject end
 * up in mail headers and on the console, so a line break there could add a header or fake a
 * log line: refused, with words the sender can act on.
 */
function formProblem(form: ContactForm): string | null {
  if (form.name === '') return 'Please enter your name';
  if (hasLineBreak(form.name)) return 'Please enter your name on one line';
  if (form.email === '') return 'Please enter your email address';
  if (hasLineBreak(form.email) || !isValidEmail(form.email)) {
    return 'Please enter a valid email address, like ade@example.com';
  }
  const subject = form.extra.subject;
  if (subject !== undefined && hasLineBreak(subject)) return 'Please enter the subject on one line';
  if (form.message === '') return 'Please enter your message';
  return null;
}

function missingId(ids: {
  user_id?: string;
  service_id?: string;
  template_id?: string;
}): string | null {
  if (!ids.user_id?.trim()) return 'The public key (user_id) is required';
  if (!ids.service_id?.trim()) return 'The service ID is required';
  if (!ids.template_id?.trim()) return 'The template ID is required';
  return null;
}

function plainTextErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The rate-limit store wraps what the database said in a 503 of its own.
    const cause = error instanceof HttpError && error.cause ? error.cause : error;
    if (isDiskFull(cause)) {
      request.log.error({ err: cause }, 'contact message not stored: disk full');
      return reply
        .code(503)
        .header('Retry-After', '60')
        .type('text/plain; charset=utf-8')
        .send(DISK_FULL_DETAIL);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && error instanceof HttpError && typeof error.detail === 'string') {
      request.log.error({ err: cause }, 'contact message not accepted');
      return reply
        .code(status)
        .headers(error.headers)
        .type('text/plain; charset=utf-8')
        .send(error.detail);
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'contact message not accepted');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
    }
    let text = error.message;
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      text =
        typeof error.detail === 'string' ? error.detail : error.detail.map((i) => i.msg).join('; ');
    } else if (error.validation) {
      text = `Invalid request: ${error.validation.map((v) => v.message).join('; ')}`;
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      text = 'The message is too large';
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      text = 'The request body is not valid JSON';
    }
    return reply
      .code(status === 413 || status === 415 || status === 429 ? status : 400)
      .type('text/plain; charset=utf-8')
      .send(text);
  });
}

/** EmailJS's answers: "OK", or a sentence (400, 413, 415, 429), always as plain text. */
const plainText = (description: string) => ({
  description,
  content: { 'text/plain': { schema: Type.String() } },
});
const TEXT_ANSWERS = {
  200: plainText('Accepted: the text "OK"'),
  '4xx': plainText('Refused, with a sentence that says why'),
};

const emailJsRoutes: RoutePlugin = async (app, { ctx }) => {
  plainTextErrors(app);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  const limits = { preHandler: async (request: FastifyRequest) => ctx.limits.contact(request) };

  async function deliver(params: Record<string, unknown>) {
    const form = toForm(params);
    const problem = formProblem(form);
    if (problem) throw new HttpError(400, problem);
    await ctx.mailer.send(contactMessage(ctx.config.shopEmail, form));
  }

  app.post(
    '/v1.0/email/send',
    { ...limits, schema: { body: EmailJsSendSchema, response: TEXT_ANSWERS } },
    async (request, reply) => {
      const problem = missingId(request.body);
      if (problem) throw new HttpError(400, problem);
      await deliver(request.body.template_params ?? {});
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );

  app.post(
    '/v1.0/email/send-form',
    {
      ...limits,
      schema: {
        body: EmailJsFormSchema,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        response: TEXT_ANSWERS,
      },
    },
    async (request, reply) => {
      const problem = missingId(request.body);
      if (problem) throw new HttpError(400, problem);
      await deliver(request.body);
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );
};

export default emailJsRoutes;
