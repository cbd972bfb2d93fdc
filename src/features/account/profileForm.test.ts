import { fixtureUser } from '../../testing/fixtures';
import {
  buildCustomerUpdate,
  profileFormValues,
  validateProfileForm,
  type ProfileFormValues,
} from './profileForm';

const filled: ProfileFormValues = { mobile_number: '0803 123 4567', age: '30', gender: 'female' };

describe('buildCustomerUpdate', () => {
  it('sends user_id and every filled field, the mobile number without spaces', () => {
    expect(buildCustomerUpdate(filled, 7)).toEqual({
      user_id: 7,
      mobile_number: '08031234567',
      age: 30,
      gender: 'female',
    });
  });

  it('leaves out the empty fields', () => {
    expect(buildCustomerUpdate({ mobile_number: '  ', age: '', gender: '' }, 7)).toEqual({
      user_id: 7,
    });
    expect(buildCustomerUpdate({ ...filled, mobile_number: '' }, 7)).toEqual({
      user_id: 7,
      age: 30,
      gender: 'female',
    });
  });
});

describe('validateProfileForm', () => {
  it('accepts the Nigerian forms of a mobile number and ages 13 to 120', () => {
    for (const mobile of ['08031234567', '8031234567', '+2348031234567', '2349051234567']) {
      expect(validateProfileForm({ ...filled, mobile_number: mobile })).toEqual({});
    }
    expect(validateProfileForm({ ...filled, age: '13' })).toEqual({});
    expect(validateProfileForm({ ...filled, age: '120' })).toEqual({});
  });

  it('refuses other numbers and ages, but not empty fields', () => {
    expect(validateProfileForm({ ...filled, mobile_number: '0603123456' })).toEqual({
      mobile_number: 'Enter a valid Nigerian mobile number, e.g. 08031234567',
    });
    for (const age of ['12', '121', '30.5', 'thirty', '-20']) {
      expect(validateProfileForm({ ...filled, age })).toEqual({
        age: 'Age must be between 13 and 120',
      });
    }
    expect(validateProfileForm({ mobile_number: '', age: '', gender: '' })).toEqual({});
  });
});

it('profileFormValues starts the form from the saved profile', () => {
  expect(profileFormValues(fixtureUser)).toEqual({
    mobile_number: '08031234567',
    age: '34',
    gender: 'male',
  });
});
