import { formatDate, formatNaira } from './format';

describe('formatNaira', () => {
  test.each([
    [0, '₦ 0'],
    [1150, '₦ 1,150'],
    [1234567, '₦ 1,234,567'],
    [2499.5, '₦ 2,499.50'],
    [86.25, '₦ 86.25'],
    ['3200', '₦ 3,200'],
    [-500, '-₦ 500'],
  ])('%p is shown as %s', (amount, shown) => {
    expect(formatNaira(amount)).toBe(shown);
  });

  test('nothing, or not a number, is shown as zero naira', () => {
    expect(formatNaira(undefined)).toBe('₦ 0');
    expect(formatNaira(null)).toBe('₦ 0');
    expect(formatNaira('abc')).toBe('₦ 0');
  });
});

describe('formatDate', () => {
  test('gives the long date, then "at" and hh:mm, in Nigerian time', () => {
    // 13:05 UTC is 14:05 in Lagos (WAT, UTC+1, no daylight saving).
    expect(formatDate('2026-11-21T13:05:00Z')).toBe('21 November 2026 at 14:05');
  });

  test('a time just before midnight UTC falls on the next day in Lagos', () => {
    expect(formatDate(new Date('2026-01-31T23:30:00Z'))).toBe('1 February 2026 at 00:30');
  });

  test('an invalid date gives an empty string, never "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
