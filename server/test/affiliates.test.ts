import type { Affiliate, PaymentRequestResponse } from '../../contract';
import {
  buy,
  call,
  createShopper,
  detailOf,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();

const ACCOUNT = { account_number: '0123456789', account_name: 'Bisi Adewale', bank_name: 'GTBank' };

let affiliate: Shopper;
let product: TestProduct;

beforeEach(async () => {
  affiliate = await createShopper(t.app, t.db);
  [product] = (await seedProducts(t.db, [{ name: 'Semovita 10kg', price: 20000, stock: 50 }])) as [
    TestProduct,
  ];
});

const registerAffiliate = (who: Shopper, code: string, details: unknown = ACCOUNT) =>
  call(t.app, {
    method: 'POST',
    url: '/api/affiliate-registration',
    token: who.token,
    body: {
      affiliate_code: code,
      account_details: typeof details === 'string' ? details : JSON.stringify(details),
    },
  });

const details = (who: Shopper) => call(t.app, { url: '/api/affiliate-details', token: who.token });

test('not registered: affiliate-details is 404 "Affiliate account not found"', async () => {
  const r = await details(affiliate);
  expect(r.statusCode).toBe(404);
  expect(json(r)).toEqual({ detail: 'Affiliate account not found' });
});

test('registration stores a lowercased code and the account details; details answer as the spec spells them', async () => {
  const r = await registerAffiliate(affiliate, 'Mama-Bisi');
  expect(r.statusCode).toBe(200);
  const expected: Affiliate = {
    code: 'mama-bisi',
    month_generated: 0,
    total_generated: 0,
    total_paid: 0,
    acount_details: JSON.stringify(ACCOUNT),
  };
  expect(json(r)).toEqual(expected);
  expect(json(await details(affiliate))).toEqual(expected);
});

test('a shopper registers once; a code is unique among affiliates', async () => {
  await registerAffiliate(affiliate, 'mama-bisi');
  const twice = await registerAffiliate(affiliate, 'another');
  expect(twice.statusCode).toBe(409);
  expect(detailOf(twice)).toBe('You are already registered as an affiliate');
  const other = await createShopper(t.app, t.db);
  const taken = await registerAffiliate(other, 'MAMA-BISI');
  expect(taken.statusCode).toBe(409);
  expect(detailOf(taken)).toBe('This affiliate code is taken. Choose another one.');
});

test.each([
  ['not json', ['body', 'account_details'], 'json_invalid'],
  [
    { ...ACCOUNT, account_number: '12345' },
    ['body', 'account_details', 'account_number'],
    'string_pattern_mismatch',
  ],
  [
    { ...ACCOUNT, account_name: '' },
    ['body', 'account_details', 'account_name'],
    'string_too_short',
  ],
  [
    { account_number: '0123456789', account_name: 'A' },
    ['body', 'account_details', 'bank_name'],
    'missing',
  ],
  [[1, 2], ['body', 'account_details'], 'model_attributes_type'],
])('account_details %j is a 422 at %j', async (value, loc, type) => {
  const r = await registerAffiliate(affiliate, 'code-x', value);
  expect(r.statusCode).toBe(422);
  expect(
    json<{ detail: { loc: unknown[]; type: string; msg: string }[] }>(r).detail[0],
  ).toMatchObject({ loc, type });
});

test('readable messages for account details', async () => {
  const r = await registerAffiliate(affiliate, 'code-y', { ...ACCOUNT, account_number: 'abc' });
  expect(json<{ detail: { msg: string }[] }>(r).detail[0]?.msg).toBe(
    'Enter the 10-digit account number (NUBAN)',
  );
  const code = await registerAffiliate(affiliate, 'a b', ACCOUNT);
  expect(json<{ detail: { loc: unknown[]; msg: string }[] }>(code).detail[0]).toEqual({
    loc: ['body', 'affiliate_code'],
    msg: 'Use 3 to 30 letters, digits, - or _ for your affiliate code',
    type: 'string_pattern_mismatch',
  });
});

test("a referred buyer's order credits 2.5% of the order total; payout moves it once", async () => {
  await registerAffiliate(affiliate, 'bisi');
  const buyer = await createShopper(t.app, t.db, {
    affiliate_code: 'bisi',
    mobile_number: '08039990000',
  });
  await fillCart(t.app, buyer, [[product.id, 2]]);
  await buy(t.app, buyer);
  // 40,000 + 3,000 VAT = 43,000 (free pickup); 2.5% = 1,075
  const after = json<Affiliate>(await details(affiliate));
  expect(after).toMatchObject({
    month_generated: 1075,
    total_generated: 1075,
    total_paid: 0,
  });

  const requests = await Promise.all(
    Array.from({ length: 10 }, () =>
      call(t.app, { url: '/api/request-payment', token: affiliate.token }),
    ),
  );
  const ok = requests.filter((r) => r.statusCode === 200);
  expect(ok).toHaveLength(1);
  expect(requests.filter((r) => r.statusCode === 400)).toHaveLength(9);
  const payout = json<PaymentRequestResponse>(ok[0] as never);
  expect(payout).toMatchObject({
    message: 'Payment of ₦1,075 requested. We will pay it into your account soon.',
    payout: { amount: 1075, status: 'pending' },
  });
  expect(json<Affiliate>(await details(affiliate))).toMatchObject({
    month_generated: 0,
    total_generated: 1075,
    total_paid: 1075,
  });
  const payouts = await t.db.query('SELECT 1 FROM payouts');
  expect(payouts).toHaveLength(1);
});

test('request-payment with nothing earned is 400; not registered is 404', async () => {
  const none = await call(t.app, { url: '/api/request-payment', token: affiliate.token });
  expect(none.statusCode).toBe(404);
  await registerAffiliate(affiliate, 'zero');
  const zero = await call(t.app, { url: '/api/request-payment', token: affiliate.token });
  expect(zero.statusCode).toBe(400);
  expect(detailOf(zero)).toBe('You have no earnings to request yet');
});

test('a buyer without a referrer credits nobody', async () => {
  await registerAffiliate(affiliate, 'lonely');
  const buyer = await createShopper(t.app, t.db);
  await fillCart(t.app, buyer, [[product.id, 1]]);
  await buy(t.app, buyer);
  expect(json<Affiliate>(await details(affiliate)).total_generated).toBe(0);
});
