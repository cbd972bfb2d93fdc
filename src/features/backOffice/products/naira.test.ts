import { nairaText, parseNaira } from './naira';

test.each([
  ['2300', 2300],
  ['2,300', 2300],
  ['₦2,300', 2300],
  ['₦ 2,300.00', 2300],
  ['2,300.50', 2300.5],
  ['N1,150', 1150],
  ['  45.5 ', 45.5],
])('reads %j as ₦%d', (typed, naira) => {
  expect(parseNaira(typed)).toBe(naira);
});

test.each(['', 'abc', '2.345', '-500', '2,3oo', '₦'])('refuses %j', (typed) => {
  expect(parseNaira(typed)).toBeNull();
});

test('shows prices with thousands and kobo only when there are some', () => {
  expect(nairaText(2300)).toBe('2,300');
  expect(nairaText(2300.5)).toBe('2,300.50');
  expect(nairaText(null)).toBe('');
});
