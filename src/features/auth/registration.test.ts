import {
  buildRegistration,
  emptyRegisterForm,
  normalizeGender,
  normalizeMobileNumber,
  validateRegisterForm,
  type RegisterFormValues,
} from './registration';
import { isEmail } from '../../lib/validation';

const filled: RegisterFormValues = {
  ...emptyRegisterForm(),
  first_name: ' Bisi ',
  last_name: 'Okafor',
  email: ' bisi@example.ng ',
  mobile_number: '08051234567',
  affiliate_code: 'IYA-Oja',
  password: 'Pounded-yam-1',
  cpassword: 'Pounded-yam-1',
};

describe('registration', () => {
  it('builds the registration record with its defaults', () => {
    const now = new Date('2026-03-14T09:30:00.000Z');
    expect(buildRegistration(filled, now)).toEqual({
      email: 'bisi@example.ng',
      first_name: 'Bisi',
      last_name: 'Okafor',
      affiliate_code: 'iya-oja',
      mobile_number: '08051234567',
      gender: 'female',
      age: 18,
      role: 'customer',
      emailverified: false,
      verificationtoken: '',
      created_at: '2026-03-14T09:30:00.000Z',
      updated_at: '2026-03-14T09:30:00.000Z',
      last_logged_in: '2026-03-14T09:30:00.000Z',
      password: 'Pounded-yam-1',
      cpassword: 'Pounded-yam-1',
    });
  });

  it('starts with the affiliate code from a shared link, lowercased', () => {
    expect(emptyRegisterForm('MamaT').affiliate_code).toBe('mamat');
    expect(emptyRegisterForm().gender).toBe('female');
  });

  it('lowercases gender and keeps only the values the server knows', () => {
    expect(normalizeGender('Male')).toBe('male');
    expect(normalizeGender('OTHER')).toBe('other');
    expect(normalizeGender('unknown')).toBe('female');
  });

  it('keeps digits, and the + of an international number, in the mobile number', () => {
    expect(normalizeMobileNumber('0803 123-4567')).toBe('08031234567');
    expect(normalizeMobileNumber('+234 803 123 4567')).toBe('+2348031234567');
  });

  it('recognises an email address as the server does', () => {
    expect(isEmail('ade@example.ng')).toBe(true);
    expect(isEmail('ade@example')).toBe(false);
    expect(isEmail('ade example.ng')).toBe(false);
    expect(isEmail('ade@example.n')).toBe(false);
  });

  it('finds a mismatch, a bad email and empty required fields', () => {
    expect(validateRegisterForm(filled)).toEqual({});
    expect(validateRegisterForm({ ...filled, email: 'bisi@', cpassword: 'other' })).toEqual({
      email: expect.stringMatching(/email/i),
      cpassword: 'The passwords do not match',
    });
    expect(Object.keys(validateRegisterForm(emptyRegisterForm())).sort()).toEqual(
      ['cpassword', 'email', 'first_name', 'last_name', 'mobile_number', 'password'].sort(),
    );
  });

  it('refuses a password shorter than the server accepts, in the server’s words', () => {
    expect(validateRegisterForm({ ...filled, password: 'Ewa-123', cpassword: 'Ewa-123' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(
      validateRegisterForm({ ...filled, password: 'Ewa-1234', cpassword: 'Ewa-1234' }),
    ).toEqual({});
  });
});
