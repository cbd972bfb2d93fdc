import { priceOf, savingOf } from './pricing';

test('the saving is disc_amount, or 0 when there is none', () => {
  expect(savingOf({ amount: 6500, disc_amount: 500 })).toBe(500);
  expect(savingOf({ amount: 6500, disc_amount: null })).toBe(0);
  expect(savingOf({ amount: 6500, disc_amount: 0 })).toBe(0);
});

test('the price is the amount less the saving, never below zero', () => {
  expect(priceOf({ amount: 6500, disc_amount: 500 })).toBe(6000);
  expect(priceOf({ amount: 6500, disc_amount: null })).toBe(6500);
  expect(priceOf({ amount: 99.99, disc_amount: 0.33 })).toBe(99.66);
  expect(priceOf({ amount: 300, disc_amount: 900 })).toBe(0);
  expect(savingOf({ amount: 300, disc_amount: 900 })).toBe(300);
});
