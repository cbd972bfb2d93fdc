import { formatCount, formatDate, formatDay, formatNaira, formatWhen } from './format';

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

  test('writes every amount as Intl.NumberFormat does for en-NG, rounding included', () => {
    const whole = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
    const kobo = new Intl.NumberFormat('en-NG', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const intl = (n: number) => {
      const abs = Math.abs(n);
      const body = Number.isInteger(Math.round(abs * 100) / 100)
        ? whole.format(abs)
        : kobo.format(abs);
      return `${n < 0 ? '-' : ''}₦ ${body}`;
    };
    // Ties that a double holds just under the half (1.005 is 1.00499...), kobo that round up
    // to the next naira, amounts near and over a trillion, and a spread of prices with three
    // decimals from a fixed sequence.
    const amounts = [
      1.005,
      0.015,
      1234.565,
      1.995,
      9.995,
      0.005,
      0.004,
      999.999,
      2.996,
      -0.015,
      7237.5,
      103737.5,
      999_999_999_999.99,
      1e12,
      1.5e12 + 0.25,
      123_456_789_012_345,
    ];
    let seed = 16;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      amounts.push(Math.round(seed % 100_000_000) / 1000);
    }
    for (const amount of amounts)
      expect([amount, formatNaira(amount)]).toEqual([amount, intl(amount)]);
  });

  test('nothing, or not a number, is shown as zero naira', () => {
    expect(formatNaira(undefined)).toBe('₦ 0');
    expect(formatNaira(null)).toBe('₦ 0');
    expect(formatNaira('abc')).toBe('₦ 0');
  });
});

describe('formatCount', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [1204, '1,204'],
    [1234567, '1,234,567'],
  ])('%p is shown as %s', (n, shown) => {
    expect(formatCount(n)).toBe(shown);
  });
});

describe('formatDay', () => {
  test('a Lagos calendar day is its weekday, day and month', () => {
    expect(formatDay('2026-11-26')).toBe('Thursday, 26 November');
  });

  test('text that is not a day is shown as it is', () => {
    expect(formatDay('soon')).toBe('soon');
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
