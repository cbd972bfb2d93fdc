import {
  PENDING_PAYMENT_KEY,
  clearPendingPayment,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './pendingPayment';

const payment: PendingPayment = {
  reference: 'IBM-MH5K2-9F3A1C',
  deliveryModel: 'delivery',
  userId: '7',
  paidAt: '2026-11-20T10:00:00.000Z',
};

test('is kept in localStorage under its own key, and cleared', () => {
  savePendingPayment(payment);
  expect(JSON.parse(localStorage.getItem(PENDING_PAYMENT_KEY) ?? '')).toEqual(payment);
  expect(readPendingPayment()).toEqual(payment);
  clearPendingPayment();
  expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  expect(readPendingPayment()).toBeNull();
});

test.each([
  ['not JSON', '{oops'],
  ['another shape', JSON.stringify({ ref: 'x' })],
  ['a bad reference', JSON.stringify({ ...payment, reference: 'a b/c' })],
  ['a bad method', JSON.stringify({ ...payment, deliveryModel: 'drone' })],
  ['no user', JSON.stringify({ ...payment, userId: '' })],
])('ignores %s', (_name, raw) => {
  localStorage.setItem(PENDING_PAYMENT_KEY, raw);
  expect(readPendingPayment()).toBeNull();
});
