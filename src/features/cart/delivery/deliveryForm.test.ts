import { fixtureDelivery } from '../../../testing/fixtures';
import { totalToPay, toKobo } from '../cart/cartFigures';
import {
  deliveryAddressText,
  deliveryFieldMessages,
  deliveryFormValues,
  deliveryInput,
  phoneCharacters,
  validateDelivery,
  type DeliveryFormValues,
} from './deliveryForm';
import { isNigerianMobile } from '../../../lib/validation';

const valid: DeliveryFormValues = {
  address: '12 Awolowo Avenue',
  state: 'Oyo State',
  city: 'Ibadan-Bodija',
  mobile_number: '08031234567',
  alt_mobile_number: '',
  landmark: '',
};

describe('Nigerian mobile numbers', () => {
  test.each([
    '08031234567',
    '8031234567',
    '+2348031234567',
    '2348031234567',
    '09071234567',
    '07011234567',
  ])('%s is accepted', (number) => expect(isNigerianMobile(number)).toBe(true));
  test.each(['0803123456', '080312345678', '06031234567', '08231234567', '+4478031234567', ''])(
    '%s is refused',
    (number) => expect(isNigerianMobile(number)).toBe(false),
  );
  test('typing keeps digits and a leading +', () => {
    expect(phoneCharacters(' +234 (803) 123-4567 ')).toBe('+2348031234567');
    expect(phoneCharacters('0803+123')).toBe('0803123');
    expect(phoneCharacters('0803123456789012345')).toHaveLength(14);
  });
});

describe('validateDelivery', () => {
  test('a complete form has no problems', () => {
    expect(validateDelivery(valid)).toEqual({});
    expect(validateDelivery({ ...valid, alt_mobile_number: '+2349071234567' })).toEqual({});
  });
  test('names each missing or wrong field', () => {
    expect(
      validateDelivery({
        ...valid,
        address: '   ',
        city: '',
        mobile_number: '',
        alt_mobile_number: '123',
      }),
    ).toEqual({
      address: deliveryFieldMessages.addressMissing,
      city: deliveryFieldMessages.cityMissing,
      mobile_number: deliveryFieldMessages.mobileMissing,
      alt_mobile_number: deliveryFieldMessages.mobileInvalid,
    });
    expect(validateDelivery({ ...valid, address: 'x'.repeat(301) }).address).toBe(
      deliveryFieldMessages.addressTooLong,
    );
  });
});

describe('the form and the request', () => {
  test('starts from the saved location, or empty in Oyo State with the account’s number', () => {
    expect(deliveryFormValues(fixtureDelivery, '08090000000')).toEqual({
      address: fixtureDelivery.address,
      state: 'Oyo State',
      city: 'Ibadan-Bodija',
      mobile_number: fixtureDelivery.mobile_number,
      alt_mobile_number: fixtureDelivery.alt_mobile_number,
      landmark: '',
    });
    expect(deliveryFormValues(null, '08090000000')).toEqual({
      address: '',
      state: 'Oyo State',
      city: '',
      mobile_number: '08090000000',
      alt_mobile_number: '',
      landmark: '',
    });
    // A city the list no longer has must be chosen again.
    expect(deliveryFormValues({ ...fixtureDelivery, city: 'Lagos' }).city).toBe('');
  });
  test('sends trimmed values', () => {
    expect(
      deliveryInput({
        ...valid,
        address: '  12 Awolowo Avenue ',
        alt_mobile_number: ' ',
        landmark: ' Total filling station ',
      }),
    ).toEqual({
      address: '12 Awolowo Avenue',
      mobile_number: '08031234567',
      alt_mobile_number: '',
      city: 'Ibadan-Bodija',
      state: 'Oyo State',
      landmark: 'Total filling station',
    });
    expect(deliveryInput({ ...valid, city: '' })).toBeNull();
  });
  test('one line of address, the area as people say it and the landmark after', () => {
    expect(deliveryAddressText(fixtureDelivery)).toBe(
      '12 Awolowo Avenue, Old Bodija, Bodija, Oyo State',
    );
    expect(
      deliveryAddressText({
        ...fixtureDelivery,
        city: 'Ibadan-Idi_Ape-Ashi',
        landmark: 'Ashi bus stop',
      }),
    ).toBe('12 Awolowo Avenue, Old Bodija, Idi-Ape / Ashi, Oyo State (near Ashi bus stop)');
    // The owner's own name wins.
    expect(
      deliveryAddressText(fixtureDelivery, [{ city: 'Ibadan-Bodija', name: 'Old Bodija side' }]),
    ).toContain('Old Bodija side, Oyo State');
  });
});

describe('cart figures', () => {
  test('the total to pay is after VAT plus ₦1,150; kobo are whole', () => {
    expect(totalToPay({ price_after_vat: 16125 })).toBe(17275);
    expect(totalToPay({ price_after_vat: 0.1 + 0.2 })).toBe(1150.3);
    expect(toKobo(11686.25)).toBe(1168625);
    expect(toKobo(0.1 + 0.2)).toBe(30);
  });
});
