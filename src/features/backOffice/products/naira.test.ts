import { nairaOrNull } from 'contract/naira';
import { nairaText } from './naira';

test.each([
  ['2300', 2300],
  ['2,300', 2300],
  ['₦2,300', 2300],
  ['₦ 2,300.00', 2300],
  ['2,300.50', 2300.5],
  ['N1,150', 1150],
  ['  45.5 ', 45.5],
])('reads %j as ₦%d', (typed, naira) => {
  expect(nairaOrNull(typed)).toBe(naira);
});

test.each(['', 'abc', '2.345', '-500', '2,3oo', '₦', '2.300,00', '1,1,50'])(
  'refuses %j',
  (typed) => {
    expect(nairaOrNull(typed)).toBeNull();
  },
);

test('shows prices with thousands and kobo only when there are some', () => {
  expect(nairaText(2300)).toBe('2,300');
  expect(nairaText(2300.5)).toBe('2,300.50');
  expect(nairaText(null)).toBe('');
});
