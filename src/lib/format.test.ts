import { formatDate, formatNaira, formatWhen } from './format';

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

describe('formatWhen', () => {
  const now = Date.parse('2026-11-25T09:00:00Z'); // 10:00 in Lagos

  test('the time alone on the same Lagos day, the full date on another', () => {
    expect(formatWhen('2026-11-25T08:42:00Z', now)).toBe('09:42');
    expect(formatWhen('2026-11-24T22:59:00Z', now)).toBe('24 November 2026 at 23:59');
    // 23:30 UTC the day before is already this Lagos day.
    expect(formatWhen('2026-11-24T23:30:00Z', now)).toBe('00:30');
  });

  test('an invalid date gives an empty string', () => {
    expect(formatWhen('soon', now)).toBe('');
  });
});
