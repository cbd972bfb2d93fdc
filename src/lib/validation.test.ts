import { isAccountNumber, isAffiliateCode, isEmail, isNigerianMobile } from './validation';

describe('isEmail: the contract pattern the server checks sign-ups and codes with', () => {
  test.each(['ade@example.ng', 'tunde.bakare@mail.example.com.ng', '  ade@example.ng  '])(
    '%p is an email address',
    (value) => expect(isEmail(value)).toBe(true),
  );
  test.each([
    ['a one-letter ending', 'ade@example.n'],
    ['a trailing dot', 'ade@example.ng.'],
    ['no dot in the domain', 'ade@example'],
    ['a space inside', 'ade bakare@example.ng'],
    ['two @', 'ade@@example.ng'],
    ['nothing before @', '@example.ng'],
    ['nothing', ''],
  ])('%s is not (%p)', (_why, value) => expect(isEmail(value)).toBe(false));
});

test('isNigerianMobile takes the local and international forms, and nothing else', () => {
  for (const ok of ['08031234567', '8031234567', '+2348031234567', '2348031234567']) {
    expect(isNigerianMobile(ok)).toBe(true);
  }
  for (const bad of ['0803123456', '06031234567', '+4478031234567', ' 08031234567', '']) {
    expect(isNigerianMobile(bad)).toBe(false);
  }
});

test('isAffiliateCode: 3 to 30 letters, digits, - or _', () => {
  expect(isAffiliateCode('ab')).toBe(false);
  expect(isAffiliateCode('abc')).toBe(true);
  expect(isAffiliateCode('a'.repeat(30))).toBe(true);
  expect(isAffiliateCode('a'.repeat(31))).toBe(false);
  expect(isAffiliateCode('Bodija-Queen_2')).toBe(true);
  expect(isAffiliateCode('bodija queen')).toBe(false);
});

test('isAccountNumber: exactly ten digits', () => {
  expect(isAccountNumber('0123456789')).toBe(true);
  expect(isAccountNumber('012345678')).toBe(false);
  expect(isAccountNumber('01234567890')).toBe(false);
  expect(isAccountNumber('01234 6789')).toBe(false);
});
