import { NIGERIAN_BANKS } from 'contract/rules';
import {
  buildAffiliateRegistration,
  normalizeAffiliateCode,
  parseAccountDetails,
  shareLinkFor,
  validateAffiliateForm,
  type AffiliateFormValues,
} from './affiliateForm';

const valid: AffiliateFormValues = {
  affiliate_code: 'iya-basira',
  bank_name: 'Wema Bank',
  account_number: '0123456789',
  account_name: ' Basirat Lawal ',
};

describe('affiliate registration', () => {
  it('lowercases the code and drops spaces as it is typed', () => {
    expect(normalizeAffiliateCode('Iya Basira')).toBe('iyabasira');
  });

  it('sends account_details as JSON text of number, name and bank', () => {
    const payload = buildAffiliateRegistration(valid);
    expect(payload.affiliate_code).toBe('iya-basira');
    expect(JSON.parse(payload.account_details)).toEqual({
      account_number: '0123456789',
      account_name: 'Basirat Lawal',
      bank_name: 'Wema Bank',
    });
  });

  it('checks code, bank, 10-digit account number and name', () => {
    expect(validateAffiliateForm(valid)).toEqual({});
    expect(
      validateAffiliateForm({
        affiliate_code: 'ab',
        bank_name: '',
        account_number: '01234',
        account_name: '  ',
      }),
    ).toEqual({
      affiliate_code: 'Use 3 to 30 letters, digits, - or _ for your affiliate code',
      bank_name: 'Choose your bank',
      account_number: 'Enter the 10-digit account number (NUBAN)',
      account_name: 'Enter the account name',
    });
    expect(validateAffiliateForm({ ...valid, account_number: '01234567890' })).toHaveProperty(
      'account_number',
    );
  });

  it('offers 27 Nigerian banks, each once, in order', () => {
    expect(NIGERIAN_BANKS).toHaveLength(27);
    expect(new Set(NIGERIAN_BANKS).size).toBe(27);
    expect([...NIGERIAN_BANKS].sort((a, b) => a.localeCompare(b))).toEqual([...NIGERIAN_BANKS]);
  });
});

describe('parseAccountDetails', () => {
  it('reads the JSON text of acount_details', () => {
    expect(
      parseAccountDetails(
        '{"account_number":"0123456789","account_name":"A B","bank_name":"OPay"}',
      ),
    ).toEqual({ account_number: '0123456789', account_name: 'A B', bank_name: 'OPay' });
  });

  it('tolerates a number for the account number and missing fields', () => {
    expect(parseAccountDetails('{"account_number":123,"bank_name":"Kuda"}')).toEqual({
      account_number: '123',
      account_name: '',
      bank_name: 'Kuda',
    });
  });

  it('gives null for anything that is not an object of those fields', () => {
    for (const text of ['', 'not json', '[]', 'null', '"text"', '{}', '{"other":1}']) {
      expect(parseAccountDetails(text)).toBeNull();
    }
  });
});

it('the share link goes to sign-up with the code as ?ref=', () => {
  expect(shareLinkFor('https://ibadanmarket.ng', '/auth/register', 'iya-basira')).toBe(
    'https://ibadanmarket.ng/auth/register?ref=iya-basira',
  );
});
