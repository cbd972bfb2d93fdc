import { clampQuantity } from './QuantityStepper';

test.each([
  [0, 10, 1],
  [-4, 10, 1],
  [1, 10, 1],
  [7, 10, 7],
  [7.8, 10, 7],
  [11, 10, 10],
  [Number.NaN, 10, 1],
  [3, 0, 1], // no stock: the stepper shows 1 and is disabled
])('clampQuantity(%p, stock %p) is %p', (value, stock, expected) => {
  expect(clampQuantity(value, stock)).toBe(expected);
});
