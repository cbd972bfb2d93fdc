/** The affiliate programme (affiliates service, docs/product.md#calls). */
import {
  AccountDetailsSchema,
  AffiliateRegistrationSchema,
  AffiliateSchema,
  ERROR_DETAILS,
  PaymentRequestResponseSchema,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import { findAffiliateByUser, insertAffiliate, requestPayout } from '../db/affiliates';
import { isUniqueViolation } from '../db/client';
import { formatNaira, toNaira } from '../money';
import { currentUser } from '../plugins/auth';
import { badRequest, conflict, issue, notFound, unprocessable } from '../plugins/errors';
import { compileChecker } from '../plugins/validation';

const checkAccountDetails = compileChecker(AccountDetailsSchema);

const affiliateRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db } = ctx;
  const auth = { preValidation: ctx.requireUser };

  app.post(
    '/affiliate-registration',
    { ...auth, schema: { body: AffiliateRegistrationSchema, response: { 200: AffiliateSchema } } },
    async (request) => {
      const user = currentUser(request);
      const code = request.body.affiliate_code.toLowerCase();
      let details: unknown;
      try {
        details = JSON.parse(request.body.account_details);
      } catch {
        throw unprocessable([
          issue(
            ['body', 'account_details'],
            'Send the account details as JSON text with account_number, account_name and bank_name',
            'json_invalid',
          ),
        ]);
      }
      const problems = checkAccountDetails(details, ['body', 'account_details']);
      if (problems.length > 0) throw unprocessable(problems);
      const { account_number, account_name, bank_name } = details as {
        account_number: string;
        account_name: string;
        bank_name: string;
      };
      // Stored re-serialized, so only the three known fields are kept.
      const stored = JSON.stringify({
        account_number,
        account_name: account_name.trim(),
        bank_name: bank_name.trim(),
      });
      if (await findAffiliateByUser(db, user.id)) throw conflict(ERROR_DETAILS.affiliateExists);
      try {
        return (await insertAffiliate(db, user.id, code, stored)).affiliate;
      } catch (error) {
        if (isUniqueViolation(error, 'affiliates_code_key'))
          throw conflict(ERROR_DETAILS.affiliateCodeTaken);
        if (isUniqueViolation(error)) throw conflict(ERROR_DETAILS.affiliateExists);
        throw error;
      }
    },
  );

  app.get(
    '/affiliate-details',
    { ...auth, schema: { response: { 200: AffiliateSchema } } },
    async (request) => {
      const record = await findAffiliateByUser(db, currentUser(request).id);
      if (!record) throw notFound(ERROR_DETAILS.affiliateNotFound);
      return record.affiliate;
    },
  );

  app.get(
    '/request-payment',
    { ...auth, schema: { response: { 200: PaymentRequestResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const payout = await db.transaction(async (tx) => {
        if (!(await findAffiliateByUser(tx, user.id)))
          throw notFound(ERROR_DETAILS.affiliateNotFound);
        return requestPayout(tx, user.id, ctx.clock.now());
      });
      if (!payout) throw badRequest(ERROR_DETAILS.nothingToPay);
      return {
        message: `Payment of ${formatNaira(payout.amountKobo)} requested. We will pay it into your account soon.`,
        payout: {
          id: payout.id,
          amount: toNaira(payout.amountKobo),
          status: payout.status,
          created_at: payout.createdAt,
        },
      };
    },
  );
};

export default affiliateRoutes;
