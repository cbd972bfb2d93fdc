/**
 * Messages for real: email by SMTP (a local smtp-server), SMS by Termii and Africa's
 * Talking and either by the JSON relay (local HTTP stand-ins), all through the outbox with
 * retries, backoff and dead letters. Stand-ins refuse, fail, hang up or hold an answer when
 * told; the test clock, never a timer, decides when a retry is due.
 */
import http from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { StaffOutboxList } from '../../contract';
import { outboxSenderOf } from '../src/app';
import { claimDueMessages } from '../src/db/outbox';
import { emailHtml } from '../src/mail/html';
import { createMessaging, type OutgoingMessage } from '../src/mail/mailer';
import {
  contactMessage,
  backInStockMessage,
  loginCodeMessage,
  mobileChangedMessage,
  orderPlacedMessages,
  orderStatusMessages,
  otpMessage,
  signupAttemptMessage,
  type OrderFacts,
} from '../src/mail/messages';
import { LEASE_SECONDS, RETRY_CAP_SECONDS, retryDelaySeconds } from '../src/mail/sender';
import { gsm7Length, isGsm7, SMS_MAX_SEPTETS, smsSegments, smsText, toE164 } from '../src/mail/sms';
import { formatNaira } from '../src/money';
import { call, createShopper, json, registration, setupHarness, testConfig } from './helpers';

const t = setupHarness();

// ------------------------------------------------------------------ stand-ins

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body?: unknown } | 'hang up';

/** A provider's HTTP API on 127.0.0.1: records every request, answers as told. */
class HttpStandIn {
  readonly received: Received[] = [];
  answer: (r: Received) => Answer | Promise<Answer> = () => ({ status: 200, body: {} });
  private port = 0;
  private server: http.Server | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const r: Received = { path: req.url ?? '', headers: req.headers, body };
        this.received.push(r);
        this.waiters = this.waiters.filter((w) => {
          if (this.received.length < w.count) return true;
          w.resolve();
          return false;
        });
        void Promise.resolve(this.answer(r)).then((a) => {
          if (a === 'hang up') {
            req.socket.destroy();
            return;
          }
          res.writeHead(a.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(a.body ?? {}));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Down: nothing listens on its port, so every connection is refused. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** Resolves once `count` requests have arrived in all. */
  requests(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

interface Mail {
  to: string[];
  raw: string;
}

/** An SMTP server on 127.0.0.1 that keeps what it receives. */
class SmtpStandIn {
  readonly received: Mail[] = [];
  /** Answer RCPT TO with this error (a 5xx is a final refusal). */
  refuseRecipient: ((address: string) => { code: number; text: string } | null) | null = null;
  private port = 0;
  private server: SMTPServer | null = null;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refuseRecipient?.(address.address);
        if (!refusal) return callback();
        const error = new Error(refusal.text) as Error & { responseCode: number };
        error.responseCode = refusal.code;
        return callback(error);
      },
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    const listening = await new Promise<NetServer>((resolve) => {
      const net = server.listen(this.port, '127.0.0.1', () => resolve(net));
    });
    this.port = (listening.address() as AddressInfo).port;
    this.server = server;
  }

  async refuse(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Every Message-ID received, once per mail. */
  messageIds(): string[] {
    return this.received.map((m) => /^Message-ID: (<[^>]+>)/im.exec(m.raw)?.[1] ?? '');
  }
}

/** The text of a quoted-printable MIME part, decoded. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

function mimePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`No ${type} part`);
  const bodyStart = raw.indexOf('\r\n\r\n', start) + 4;
  const end = raw.indexOf('\r\n--', bodyStart);
  const encoded = raw.slice(bodyStart, end < 0 ? undefined : end);
  const headers = raw.slice(start, bodyStart);
  if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(encoded);
  if (/base64/i.test(headers)) return Buffer.from(encoded, 'base64').toString('utf8');
  return encoded;
}

const servers: { refuse(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of servers) await s.refuse();
});

async function httpStandIn(): Promise<HttpStandIn> {
  const s = new HttpStandIn();
  await s.start();
  servers.push(s);
  return s;
}

async function smtpStandIn(): Promise<SmtpStandIn> {
  const s = new SmtpStandIn();
  await s.start();
  servers.push(s);
  return s;
}

/** A mailer and its sender on the test database and clock, from these settings. */
function messaging(env: Record<string, string>) {
  return createMessaging(testConfig(env), { db: t.db, clock: t.clock, print: null });
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  route: string | null;
  last_error: string | null;
  provider_id: string | null;
}

async function rows(): Promise<Row[]> {
  return t.db.query<Row>(
    'SELECT id, status, attempts, route, last_error, provider_id FROM outbox ORDER BY id',
  );
}

const SMS: OutgoingMessage = {
  to: '0803 123 4567',
  channel: 'sms',
  subject: 'Ibadan Market order IM-1001',
  text: 'Ibadan Market: order IM-1001 placed, ₦13,190 (Pay on delivery). It’s on its way…',
};
const EMAIL: OutgoingMessage = {
  to: 'ada@example.ng',
  channel: 'email',
  subject: 'Ibadan Market: order IM-1001 placed',
  text: 'Hello Ada,\n\nThank you for your order IM-1001.\n\nFollow your order: https://shop.example.ng/profile/orders/1',
};

const termiiOk = { status: 200, body: { code: 'ok', message_id: '3017544054459' } };
const atAnswer = (statusCode: number, status: string) => ({
  status: 201,
  body: {
    SMSMessageData: {
      Message: 'Sent to 1/1 Total Cost: NGN 4.0000',
      Recipients: [
        { statusCode, number: '+2348031234567', status, cost: 'NGN 4.0000', messageId: 'ATXid_1' },
      ],
    },
  },
});

// ------------------------------------------------------------------ text and numbers

describe('SMS text and numbers', () => {
  test('every way a Nigerian number is written becomes E.164', () => {
    for (const written of [
      '08031234567',
      '8031234567',
      '2348031234567',
      '+2348031234567',
      '+234 803 123 4567',
      '0803-123-4567',
      '(0803) 123 4567',
      '002348031234567',
      '+23408031234567',
    ]) {
      expect(toE164(written)).toBe('+2348031234567');
    }
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    expect(toE164('not a number')).toBeNull();
    expect(toE164('12345')).toBeNull();
  });

  test('the naira sign, curly quotes, dashes and accents become GSM-7', () => {
    expect(smsText('Total ₦13,190 – “paid” … it’s Ṣọ̀lá’s')).toBe(
      'Total NGN 13,190 - "paid" ... it\'s Sola\'s',
    );
    expect(isGsm7(smsText('Pay ₦ 500 today 😀'))).toBe(true);
    expect(smsText('Pay ₦ 500 today 😀')).toBe('Pay NGN 500 today ?');
    // Letters GSM-7 has stay as they are.
    expect(smsText('Café Ñoño €5')).toBe('Café Ñoño €5');
    expect(gsm7Length('€5 {x}')).toBe(9);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
  });

  test('a text too long for two segments is cut at a word, with "..."', () => {
    const long = smsText(
      `Ibadan Market: order IM-1001: cancelled (${'the stock ran out '.repeat(30)}).`,
    );
    expect(gsm7Length(long)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(long).toMatch(/^Ibadan Market: order IM-1001: cancelled \(the stock/);
    expect(long).toMatch(/ out\.\.\.$|stock\.\.\.$|ran\.\.\.$|the\.\.\.$/);
    // Extension characters count twice.
    expect(gsm7Length(smsText('{'.repeat(400)))).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  });

  const facts: OrderFacts = {
    number: 'IM-20261128-000123',
    firstName: 'Ṣọlá',
    email: 'sola@example.ng',
    mobileNumber: '08031234567',
    items: [{ name: 'Milo 500g', quantity: 2, totalKobo: 1_120_000 }],
    subtotalKobo: 1_120_000,
    vatKobo: 84_000,
    deliveryKobo: 115_000,
    totalKobo: 1_319_000,
    paymentLabel: 'Pay on delivery (cash or transfer)',
    where: 'Delivery to: 12 Ring Road, Challenge, Ibadan, Oyo',
    expected: 'Tuesday 1 December to Thursday 3 December',
    whatsapp: '2348030001234',
    orderUrl: 'https://shop.example.ng/profile/orders/123',
  };
  const user = {
    email: 'sola@example.ng',
    mobileNumber: '08031234567',
    firstName: 'Ṣọlá',
  };

  /** Every message the shop sends, with the longest values its inputs allow. */
  const everyTemplate = (): OutgoingMessage[] => [
    otpMessage(user, 'sms', '123456', 600),
    otpMessage(user, 'email', '123456', 600),
    loginCodeMessage(user, '123456', 600),
    signupAttemptMessage(user),
    mobileChangedMessage(user, '08039998888'),
    contactMessage('hello@ibadanmarket.ng', {
      name: 'Kemi <b>',
      email: 'kemi@example.ng',
      message: 'Do you deliver to Ogbomoso? <script>alert(1)</script>',
      extra: { phone: '0803 000 0000' },
    }),
    ...orderPlacedMessages(facts, formatNaira),
    ...orderPlacedMessages(
      { ...facts, paymentLabel: 'Pay at pickup (cash, card or transfer at the counter)' },
      formatNaira,
    ),
    ...orderStatusMessages(facts, 'on its way'),
    ...orderStatusMessages(facts, `cancelled (${'x'.repeat(300)})`),
    ...orderStatusMessages(
      facts,
      `ready for pickup at ${'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State '.repeat(4)}(Monday to Saturday, 8 am to 6 pm)`,
    ),
    backInStockMessage(user, { name: 'Milo 500g' }, 'https://shop.example.ng/product/milo'),
  ];

  test('every SMS template, as queued, is GSM-7 within two segments', async () => {
    const { mailer } = messaging({});
    const templates = everyTemplate();
    const texts = templates.filter((m) => m.channel === 'sms');
    expect(texts).toHaveLength(6);
    for (const m of texts) await mailer.send(m);
    const queued = await t.db.query<{ body: string }>(
      "SELECT body FROM outbox WHERE channel = 'sms' ORDER BY id",
    );
    expect(queued).toHaveLength(texts.length);
    for (const { body } of queued) {
      expect(isGsm7(body)).toBe(true);
      expect(gsm7Length(body)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(smsSegments(body)).toBeLessThanOrEqual(2);
    }
    // An order's text says NGN, never the naira sign, and is not cut short.
    const placed = queued[1]?.body ?? '';
    expect(placed).toContain('NGN 13,190');
    expect(placed).toMatch(/WhatsApp \+2348030001234$/);
  });

  test('every email has an HTML part drawn from its text, everything escaped', () => {
    for (const m of everyTemplate().filter((x) => x.channel === 'email')) {
      const html = emailHtml(m.subject, m.text);
      expect(html).not.toMatch(/<script|<b>/);
      // Every line of the text is in the HTML, escaped.
      for (const line of m.text.split('\n').filter((l) => l.trim() !== '' && !/https?:/.test(l))) {
        expect(html).toContain(
          line
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/"/g, '&quot;')
            .replace(/'/g, '&#39;'),
        );
      }
    }
    expect(emailHtml('Hi', 'See https://shop.example.ng/p?a=1&b=2.')).toContain(
      '<a href="https://shop.example.ng/p?a=1&amp;b=2">https://shop.example.ng/p?a=1&amp;b=2</a>.',
    );
  });

  test('a retry waits twice as long as the one before, up to a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800, 1800,
    ]);
    expect(RETRY_CAP_SECONDS).toBe(1800);
  });
});

// ------------------------------------------------------------------ SMTP

describe('email by SMTP', () => {
  test("a shopper's code arrives by SMTP as text and HTML, with the message's own id", async () => {
    const smtp = await smtpStandIn();
    const app = await t.build({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Ibadan Market <orders@ibadanmarket.ng>',
    });
    const body = registration({ first_name: 'Ada <Admin>' });
    expect((await call(app, { method: 'POST', url: '/api/register', body })).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);

    expect(await outboxSenderOf(app).drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual([body.email]);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^From: Ibadan Market <orders@ibadanmarket\.ng>/m);
    const [key] = await t.db.query<{ idempotency_key: string }>(
      'SELECT idempotency_key FROM outbox',
    );
    expect(smtp.messageIds()).toEqual([`<${key?.idempotency_key}@ibadanmarket.ng>`]);
    const code = /\b(\d{6})\b/.exec(mimePart(raw, 'text/plain'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mimePart(raw, 'text/plain')).toContain('Hello Ada <Admin>,');
    const html = mimePart(raw, 'text/html');
    expect(html).toContain('Hello Ada &lt;Admin&gt;,');
    expect(html).toContain(String(code));
    expect((await rows())[0]).toMatchObject({ status: 'sent', route: 'smtp', attempts: 1 });

    // Delivered is delivered: another drain sends nothing.
    expect(await outboxSenderOf(app).drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  test('the SMTP server down for 5 minutes: 200 messages, all delivered after, none twice', async () => {
    const smtp = await smtpStandIn();
    const { mailer, sender } = messaging({ SMTP_URL: smtp.url });
    await smtp.refuse();
    for (let i = 0; i < 200; i++) {
      await mailer.send({ ...EMAIL, to: `shopper${i}@example.ng`, subject: `Order ${i}` });
    }
    // Five minutes of outage, the sender looking every 30 seconds.
    for (let second = 0; second <= 300; second += 30) {
      const round = await sender.drain();
      expect(round.sent).toBe(0);
      expect(round.dead).toBe(0);
      t.clock.advance(30);
    }
    expect(smtp.received).toHaveLength(0);
    const waiting = await rows();
    expect(waiting.every((r) => r.status === 'pending')).toBe(true);
    expect(waiting[0]?.last_error).toMatch(/SMTP/);

    await smtp.start();
    // The longest wait after the tries so far, then everything due is delivered.
    t.clock.advance(RETRY_CAP_SECONDS);
    expect(await sender.drain()).toEqual({ sent: 200, retrying: 0, dead: 0 });
    t.clock.advance(RETRY_CAP_SECONDS * 10);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });

    const ids = smtp.messageIds();
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(200);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
    await sender.stop();
  });

  test('a code that could not go out before it expired is not sent late', async () => {
    const smtp = await smtpStandIn();
    const app = await t.build({ SMTP_URL: smtp.url, OTP_TTL_SECONDS: '600' });
    await smtp.refuse();
    const body = registration();
    expect((await call(app, { method: 'POST', url: '/api/register', body })).statusCode).toBe(200);
    expect((await outboxSenderOf(app).drain()).retrying).toBe(1);
    await smtp.start();
    t.clock.advance(600);
    expect(await outboxSenderOf(app).drain()).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(smtp.received).toHaveLength(0);
    expect((await rows())[0]?.last_error).toMatch(/^Its code expired before it could be delivered/);
  });

  test('an address the mail server refuses for good is a dead letter at once', async () => {
    const smtp = await smtpStandIn();
    smtp.refuseRecipient = (address) =>
      address === 'gone@example.ng' ? { code: 550, text: 'No such mailbox' } : null;
    const { mailer, sender } = messaging({ SMTP_URL: smtp.url });
    await mailer.send({ ...EMAIL, to: 'gone@example.ng' });
    await mailer.send(EMAIL);
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 1 });
    const [dead] = await rows();
    expect(dead).toMatchObject({ status: 'dead', attempts: 1, route: 'smtp' });
    expect(dead?.last_error).toMatch(/No such mailbox/);
    t.clock.advance(RETRY_CAP_SECONDS * 10);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
  });
});

// ------------------------------------------------------------------ Termii

describe('SMS by Termii', () => {
  const termiiEnv = (url: string) => ({
    SMS_PROVIDER: 'termii',
    TERMII_API_KEY: 'TLtestkey',
    TERMII_SENDER_ID: 'IbadanMkt',
    TERMII_BASE_URL: url,
  });

  test('posts its documented JSON: the number in international form, GSM-7 text', async () => {
    const termii = await httpStandIn();
    termii.answer = () => termiiOk;
    const { mailer, sender } = messaging(termiiEnv(termii.url));
    await mailer.send(SMS);
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(termii.received).toHaveLength(1);
    const request = termii.received[0];
    expect(request?.path).toBe('/api/sms/send');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      api_key: 'TLtestkey',
      to: '2348031234567',
      from: 'IbadanMkt',
      sms: "Ibadan Market: order IM-1001 placed, NGN 13,190 (Pay on delivery). It's on its way...",
      type: 'plain',
      channel: 'generic',
    });
    expect((await rows())[0]).toMatchObject({
      status: 'sent',
      route: 'termii',
      provider_id: '3017544054459',
    });
  });

  test('a 5xx is tried again after the backoff, and only then', async () => {
    const termii = await httpStandIn();
    let failing = true;
    termii.answer = () => (failing ? { status: 503, body: { message: 'busy' } } : termiiOk);
    const { mailer, sender } = messaging(termiiEnv(termii.url));
    await mailer.send(SMS);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rows())[0]?.last_error).toMatch(/Termii answered 503/);

    failing = false;
    t.clock.advance(retryDelaySeconds(1) - 1);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    t.clock.advance(1);
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(termii.received).toHaveLength(2);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  test('a slow answer holds the message: a second server never sends it too', async () => {
    const termii = await httpStandIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    termii.answer = async () => {
      await held;
      return termiiOk;
    };
    const env = termiiEnv(termii.url);
    const first = messaging(env);
    const second = messaging(env);
    await first.mailer.send(SMS);
    const firstDrain = first.sender.drain();
    await termii.requests(1);
    // The second server looks while the first waits for Termii's answer.
    t.clock.advance(LEASE_SECONDS - 1);
    expect(await second.sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    release();
    expect(await firstDrain).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(termii.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('no answer at all: it may have gone out, so it is never sent again', async () => {
    const termii = await httpStandIn();
    termii.answer = () => 'hang up';
    const { mailer, sender } = messaging(termiiEnv(termii.url));
    await mailer.send(SMS);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 1 });
    const [row] = await rows();
    expect(row?.status).toBe('dead');
    expect(row?.last_error).toMatch(/did not answer.*may have reached the shopper/);
    t.clock.advance(RETRY_CAP_SECONDS * 10);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(termii.received).toHaveLength(1);
  });

  test('a sender that vanished mid-send: Termii is not asked again, the relay is, with the same key', async () => {
    const termii = await httpStandIn();
    termii.answer = () => termiiOk;
    const relay = await httpStandIn();
    const viaTermii = messaging(termiiEnv(termii.url));
    await viaTermii.mailer.send(SMS);
    // A server claims the message, then dies before it records anything.
    const now = t.clock.now();
    await claimDueMessages(t.db, {
      channels: ['sms'],
      now,
      leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
      limit: 10,
      claim: 'crashed',
    });
    expect(await viaTermii.sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    t.clock.advance(LEASE_SECONDS);
    expect(await viaTermii.sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(termii.received).toHaveLength(0);
    expect((await rows())[0]?.last_error).toMatch(/may already have reached the shopper/);

    // The relay takes a key and drops a repeat, so for it the message is simply tried again.
    const viaRelay = messaging({ MAIL_WEBHOOK_URL: relay.url });
    await viaRelay.mailer.send({ ...SMS, key: 'order-1001-placed-sms' });
    const later = t.clock.now();
    await claimDueMessages(t.db, {
      channels: ['sms'],
      now: later,
      leaseUntil: new Date(later.getTime() + LEASE_SECONDS * 1000),
      limit: 10,
      claim: 'crashed',
    });
    t.clock.advance(LEASE_SECONDS);
    expect(await viaRelay.sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(relay.received[0]?.headers['idempotency-key']).toBe('order-1001-placed-sms');
  });

  test('a number Termii refuses for good is a dead letter the owner sees; codes stay hidden', async () => {
    const termii = await httpStandIn();
    termii.answer = (r) =>
      (JSON.parse(r.body) as { to: string }).to === '2348039990000'
        ? { status: 400, body: { message: 'Invalid phone number' } }
        : { status: 400, body: { message: 'Sender ID not approved' } };
    const { mailer, sender } = messaging(termiiEnv(termii.url));
    await mailer.send({ ...SMS, to: '08039990000' });
    await mailer.send(
      otpMessage(
        { email: 'a@example.ng', mobileNumber: '08031234567', firstName: 'A' },
        'sms',
        '654321',
        600,
      ),
    );
    await mailer.send({ ...SMS, to: 'call me' });
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 3 });
    // A number that is none is refused before Termii is asked.
    expect(termii.received).toHaveLength(2);

    const staff = await createShopper(t.app, t.db, { email: 'owner@ibadanmarket.ng' });
    await t.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [staff.id]);
    const shopper = await createShopper(t.app, t.db);
    const r = await call(t.app, { url: '/api/staff/outbox', token: staff.token });
    expect(r.statusCode).toBe(200);
    const list = json<StaffOutboxList>(r);
    expect(list.total).toBe(3);
    expect(list.messages.map((m) => [m.to, m.status, m.route])).toEqual([
      ['call me', 'dead', 'termii'],
      ['08031234567', 'dead', 'termii'],
      ['08039990000', 'dead', 'termii'],
    ]);
    expect(list.messages[2]?.last_error).toBe(
      'Termii answered 400: {"message":"Invalid phone number"}',
    );
    expect(list.messages[2]?.subject).toBe(SMS.subject);
    expect(list.messages[1]?.subject).toBe('A sign-in or activation code (hidden)');
    expect(JSON.stringify(list)).not.toContain('654321');
    expect(list.messages[0]?.last_error).toBe('The recipient is not a phone number');

    const sent = json<StaffOutboxList>(
      await call(t.app, { url: '/api/staff/outbox?status=sent&limit=1', token: staff.token }),
    );
    expect(sent.total).toBeGreaterThan(0);
    expect(sent.messages).toHaveLength(1);
    expect((await call(t.app, { url: '/api/staff/outbox', token: shopper.token })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, { url: '/api/staff/outbox' })).statusCode).toBe(401);
    const bad = await call(t.app, { url: '/api/staff/outbox?status=lost', token: staff.token });
    expect(bad.statusCode).toBe(422);
  });
});

// ------------------------------------------------------------------ Africa's Talking

describe("SMS by Africa's Talking", () => {
  const atEnv = (url: string) => ({
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: 'ibadanmarket',
    AFRICASTALKING_API_KEY: 'atsk_testkey',
    AFRICASTALKING_SENDER_ID: 'IbadanMkt',
    AFRICASTALKING_BASE_URL: url,
  });

  test('posts its documented form with the key in a header; 101 is sent', async () => {
    const at = await httpStandIn();
    at.answer = () => atAnswer(101, 'Success');
    const { mailer, sender } = messaging(atEnv(at.url));
    await mailer.send({ ...SMS, to: '2348031234567' });
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    const request = at.received[0];
    expect(request?.path).toBe('/version1/messaging');
    expect(request?.headers.apikey).toBe('atsk_testkey');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      username: 'ibadanmarket',
      to: '+2348031234567',
      message:
        "Ibadan Market: order IM-1001 placed, NGN 13,190 (Pay on delivery). It's on its way...",
      from: 'IbadanMkt',
    });
    expect((await rows())[0]).toMatchObject({ status: 'sent', provider_id: 'ATXid_1' });
  });

  test("a recipient status of 'insufficient balance' is retried; 'invalid number' is final", async () => {
    const at = await httpStandIn();
    let balance = false;
    at.answer = (r) =>
      new URLSearchParams(r.body).get('to') === '+2348039990000'
        ? atAnswer(403, 'InvalidPhoneNumber')
        : balance
          ? atAnswer(101, 'Success')
          : atAnswer(405, 'InsufficientBalance');
    const { mailer, sender } = messaging(atEnv(at.url));
    await mailer.send(SMS);
    await mailer.send({ ...SMS, to: '08039990000' });
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 1, dead: 1 });
    const [waiting, dead] = await rows();
    expect(waiting?.last_error).toBe("Africa's Talking refused it: InsufficientBalance");
    expect(dead?.last_error).toBe("Africa's Talking refused it: InvalidPhoneNumber");
    balance = true;
    t.clock.advance(retryDelaySeconds(1));
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
  });
});

// ------------------------------------------------------------------ the relay

describe('the JSON relay', () => {
  test('carries both channels: E.164 and GSM-7 for SMS, HTML for email, the key each time', async () => {
    const relay = await httpStandIn();
    relay.answer = () => ({ status: 202 });
    const { mailer, sender } = messaging({
      MAIL_WEBHOOK_URL: relay.url,
      MAIL_WEBHOOK_TOKEN: 'relay-token',
    });
    await mailer.send(SMS);
    await mailer.send(EMAIL);
    expect(await sender.drain()).toEqual({ sent: 2, retrying: 0, dead: 0 });
    const bodies = relay.received.map((r) => JSON.parse(r.body) as Record<string, string>);
    const sms = bodies.find((b) => b.channel === 'sms');
    const email = bodies.find((b) => b.channel === 'email');
    expect(sms).toMatchObject({
      to: '+2348031234567',
      text: expect.stringContaining('NGN 13,190'),
    });
    expect(sms).not.toHaveProperty('html');
    expect(email?.html).toContain('<a href="https://shop.example.ng/profile/orders/1">');
    for (const r of relay.received) {
      expect(r.headers.authorization).toBe('Bearer relay-token');
      expect(r.headers['idempotency-key']).toBe((JSON.parse(r.body) as { key: string }).key);
    }
  });

  test('the relay down for 5 minutes: 200 messages, all delivered after, none twice', async () => {
    const relay = await httpStandIn();
    const { mailer, sender } = messaging({ MAIL_WEBHOOK_URL: relay.url });
    await relay.refuse();
    for (let i = 0; i < 100; i++) {
      await mailer.send({ ...SMS, to: `0803${String(10_000_000 + i).slice(1)}` });
      await mailer.send({ ...EMAIL, to: `shopper${i}@example.ng` });
    }
    for (let second = 0; second < 300; second += 20) {
      expect((await sender.drain()).sent).toBe(0);
      t.clock.advance(20);
    }
    expect(relay.received).toHaveLength(0);
    // Back, but overloaded at first: its first 50 answers are 503.
    await relay.start();
    let n = 0;
    relay.answer = () => (n++ < 50 ? { status: 503 } : { status: 200 });
    for (let minute = 0; minute < 60; minute++) {
      await sender.drain();
      t.clock.advance(60);
    }
    const keys = relay.received.slice(50).map((r) => String(r.headers['idempotency-key']));
    expect(keys).toHaveLength(200);
    expect(new Set(keys).size).toBe(200);
    expect((await rows()).filter((r) => r.status === 'sent')).toHaveLength(200);
  });

  test('two servers draining at once share the work and send each message once', async () => {
    const relay = await httpStandIn();
    const env = { MAIL_WEBHOOK_URL: relay.url };
    const first = messaging(env);
    const second = messaging(env);
    for (let i = 0; i < 60; i++) await first.mailer.send({ ...EMAIL, to: `s${i}@example.ng` });
    const [a, b] = await Promise.all([first.sender.drain(), second.sender.drain()]);
    expect(a.sent + b.sent).toBe(60);
    const keys = relay.received.map((r) => String(r.headers['idempotency-key']));
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
  });

  test('a listening server sends what a request queued, without being asked', async () => {
    const relay = await httpStandIn();
    const app = await t.build({ MAIL_WEBHOOK_URL: relay.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const body = registration();
    // The code is queued inside the sign-up's transaction; the sender delivers it after.
    expect((await call(app, { method: 'POST', url: '/api/register', body })).statusCode).toBe(200);
    await relay.requests(1);
    expect(JSON.parse(relay.received[0]?.body ?? '')).toMatchObject({
      to: body.email,
      channel: 'email',
    });
    await app.close();
    expect((await rows())[0]).toMatchObject({ status: 'sent', route: 'relay' });
  });

  test('after MAIL_MAX_ATTEMPTS failed tries the message is given up on', async () => {
    const relay = await httpStandIn();
    relay.answer = () => ({ status: 500, body: { error: 'broken' } });
    const { mailer, sender } = messaging({ MAIL_WEBHOOK_URL: relay.url, MAIL_MAX_ATTEMPTS: '3' });
    await mailer.send(EMAIL);
    for (let i = 0; i < 5; i++) {
      await sender.drain();
      t.clock.advance(RETRY_CAP_SECONDS);
    }
    expect(relay.received).toHaveLength(3);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(row?.last_error).toMatch(/^Gave up after 3 tries: The mail relay answered 500/);
  });

  test('a message queued in a transaction that rolls back is never sent', async () => {
    const relay = await httpStandIn();
    const { mailer, sender } = messaging({ MAIL_WEBHOOK_URL: relay.url });
    await t.db
      .transaction(async (tx) => {
        await mailer.send(EMAIL, tx);
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    await t.db.transaction((tx) => mailer.send({ ...EMAIL, to: 'kept@example.ng' }, tx));
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(JSON.parse(relay.received[0]?.body ?? '')).toMatchObject({ to: 'kept@example.ng' });
    // The same key twice is one message.
    await mailer.send({ ...EMAIL, key: 'once' });
    await mailer.send({ ...EMAIL, key: 'once' });
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, dead: 0 });
  });
});

// ------------------------------------------------------------------ demo outbox

describe('the demo outbox', () => {
  test('without routes, messages are delivered by being written, and texts are GSM-7', async () => {
    const printed: string[] = [];
    const { mailer, sender } = createMessaging(testConfig({}), {
      db: t.db,
      clock: t.clock,
      print: (line) => printed.push(line),
    });
    await mailer.send(SMS);
    expect(printed[0]).toMatch(/^\[outbox\] sms to 0803 123 4567: /);
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    const listed = await call(t.app, { url: '/api/dev/outbox' });
    expect(json(listed)).toEqual([
      {
        to: '0803 123 4567',
        channel: 'sms',
        subject: SMS.subject,
        text: "Ibadan Market: order IM-1001 placed, NGN 13,190 (Pay on delivery). It's on its way...",
        created_at: expect.any(String),
      },
    ]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', route: 'outbox' });
  });
});
