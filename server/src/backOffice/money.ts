/**
 * The shop's money in the back office: the ledger (owner only) and the payments Paystack
 * confirmed that found no order ("paid, not placed"): staff see them at the top of the queue,
 * the owner places each anyway or refunds it. Every change is one transaction with its
 * ledger row and its entry in the change log.
 */
import {
  LEDGER_KINDS,
  LEDGER_PAGE_ROWS,
  LedgerQuerySchema,
  LedgerSchema,
  UnplacedPaymentListSchema,
  UnplacedPaymentParamsSchema,
  UnplacedPaymentSchema,
  UnplacedPaymentsQuerySchema,
  type UnplacedPayment,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import { recordChange } from '../db/changes';
import { ledgerKeys, listLedger, recordMoney, sumLedger } from '../db/ledger';
import { findTransaction } from '../db/transactions';
import { findUnplaced, listUnplaced, resolveUnplaced } from '../db/unplacedPayments';
import { SHOP_NAME } from '../mail/messages';
import { formatNaira, toNaira } from '../money';
import { placeOrder } from '../payments/checkout';
import { refundPayment } from '../payments/refunds';
import { currentUser } from '../plugins/auth';
import { badRequest, conflict, notFound } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from './roles';

const DAY_MS = 86_400_000;
/** Nigeria keeps West Africa Time all year (UTC+1). */
const LAGOS_OFFSET_MS = 3_600_000;

/** The instant a Lagos day starts, or null for a date that does not exist (2026-02-30). */
function lagosDayStart(day: string): Date | null {
  const at = new Date(`${day}T00:00:00.000+01:00`);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10) === day ? at : null;
}

const lagosToday = (now: Date) =>
  new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

const UNPLACED_NOT_FOUND = 'This payment is not on the list of payments waiting for an order';

function resolvedDetail(p: UnplacedPayment): string {
  return p.state === 'placed'
    ? `This payment is already placed as order ${p.reference}.`
    : 'A refund of this payment has already been started.';
}

const moneyRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config, clock } = ctx;
  // As the order queue: in the demo the back office answers this computer only.
  const local = config.mode === 'demo' ? { onRequest: loopbackOnly } : {};
  const members = { ...local, preValidation: [ctx.requireUser, shopRole(db)] };
  const owner = { ...local, preValidation: [ctx.requireUser, shopRole(db, ['owner'])] };

  app.get(
    '/staff/ledger',
    { ...owner, schema: { querystring: LedgerQuerySchema, response: { 200: LedgerSchema } } },
    async (request) => {
      const today = lagosToday(clock.now());
      const fromDay = request.query.from ?? request.query.to ?? today;
      const toDay = request.query.to ?? (request.query.from ? today : fromDay);
      const from = lagosDayStart(fromDay);
      const toStart = lagosDayStart(toDay);
      if (!from) throw badRequest(`There is no such date as ${fromDay}`);
      if (!toStart) throw badRequest(`There is no such date as ${toDay}`);
      if (toStart < from) throw badRequest('The start date must be on or before the end date');
      const range = { from, to: new Date(toStart.getTime() + DAY_MS) };
      const rows = await listLedger(db, range, LEDGER_PAGE_ROWS + 1);
      const sums = await sumLedger(db, range);
      return {
        from: fromDay,
        to: toDay,
        rows: rows.slice(0, LEDGER_PAGE_ROWS),
        more: rows.length > LEDGER_PAGE_ROWS,
        totals: {
          by_kind: Object.fromEntries(LEDGER_KINDS.map((k) => [k, toNaira(sums.byKind[k])])),
          received: toNaira(sums.receivedKobo),
          paid_out: toNaira(sums.paidOutKobo),
          net: toNaira(sums.receivedKobo - sums.paidOutKobo),
        },
      };
    },
  );

  app.get(
    '/staff/unplaced-payments',
    {
      ...members,
      schema: {
        querystring: UnplacedPaymentsQuerySchema,
        response: { 200: UnplacedPaymentListSchema },
      },
    },
    async (request) => ({ payments: await listUnplaced(db, request.query.state ?? 'open') }),
  );

  app.post(
    '/staff/unplaced-payments/:id/place',
    {
      ...owner,
      schema: { params: UnplacedPaymentParamsSchema, response: { 200: UnplacedPaymentSchema } },
    },
    async (request) => {
      const actorUserId = currentUser(request).id;
      const kept = await findUnplaced(db, { id: request.params.id });
      if (!kept) throw notFound(UNPLACED_NOT_FOUND);
      if (kept.state !== 'open') throw conflict(resolvedDetail(kept.payment));
      const tx = await findTransaction(db, kept.reference);
      if (!tx) throw notFound(UNPLACED_NOT_FOUND);
      // placeOrder locks the payment and checks the kept row is still open; a refund started
      // meanwhile, or stock that is still short, is a 409 in words.
      await placeOrder(
        ctx,
        {
          reference: kept.reference,
          userId: kept.userId,
          deliveryModel: tx.deliveryMethod,
          placeAnyway: { unplacedId: kept.id, actorUserId },
        },
        request.log,
      );
      const after = await findUnplaced(db, { id: kept.id });
      return (after ?? kept).payment;
    },
  );

  app.post(
    '/staff/unplaced-payments/:id/refund',
    {
      ...owner,
      schema: { params: UnplacedPaymentParamsSchema, response: { 200: UnplacedPaymentSchema } },
    },
    async (request) => {
      const actorUserId = currentUser(request).id;
      const found = await findUnplaced(db, { id: request.params.id });
      if (!found) throw notFound(UNPLACED_NOT_FOUND);
      await db.transaction(async (q) => {
        // The payment's row first, as placing an order locks it: a place and a refund of one
        // payment never both happen.
        await findTransaction(q, found.reference, { lock: true });
        const kept = await findUnplaced(q, { id: found.id }, { lock: true });
        if (!kept) throw notFound(UNPLACED_NOT_FOUND);
        if (kept.state !== 'open') throw conflict(resolvedDetail(kept.payment));
        const now = clock.now();
        await resolveUnplaced(q, kept.id, { state: 'refund_started' }, actorUserId, now);
        await recordMoney(q, {
          kind: 'refund_started',
          amountKobo: kept.amountKobo,
          eventKey: ledgerKeys.unplacedRefundStarted(kept.reference),
          shopperId: kept.userId,
          actorUserId,
          paystackReference: kept.reference,
          at: now,
        });
        await recordChange(q, {
          actorId: actorUserId,
          entity: 'unplaced_payment',
          entityId: kept.id,
          action: 'update',
          before: { state: kept.state },
          after: { state: 'refund_started' },
        });
        const mobile = kept.payment.shopper.mobile_number;
        if (mobile) {
          await ctx.mailer.send(
            {
              to: mobile,
              channel: 'sms',
              subject: `${SHOP_NAME} refund ${kept.reference}`,
              text:
                `${SHOP_NAME}: we have started a refund of ${formatNaira(kept.amountKobo)} ` +
                `for your payment ${kept.reference}. It goes back the way you paid and usually ` +
                'arrives within 10 business days.',
            },
            q,
          );
        }
      });
      // After the commit: the money goes back through the provider that took it.
      const tx = await findTransaction(db, found.reference);
      if (tx && tx.provider === ctx.payments.name) {
        await refundPayment(
          ctx,
          {
            reference: found.reference,
            amountKobo: found.amountKobo,
            shopperId: found.userId,
            orderId: null,
          },
          `Paid, not placed: ${found.payment.reason}`,
          request.log,
        );
      }
      const after = await findUnplaced(db, { id: found.id });
      return (after ?? found).payment;
    },
  );
};

export default moneyRoutes;
