import { contactErrorText, validateContact } from './contactValidation';

const valid = {
  name: 'Kemi Adeyemi',
  email: 'kemi@example.ng',
  message: 'Do you deliver to Apete?',
};

test('a filled-in form is fine', () => {
  expect(validateContact(valid)).toEqual({});
  expect(validateContact({ ...valid, email: '  Kemi@Example.NG ' })).toEqual({});
});

test('name and email stay on one line: they become mail headers at the shop', () => {
  expect(validateContact({ ...valid, name: 'Kemi\r\nBcc: all@example.ng' }).name).toBe(
    'Please enter your name on one line',
  );
  expect(validateContact({ ...valid, email: 'kemi@example.ng\nBcc: all@example.ng' })).toEqual({
    email: contactErrorText.emailInvalid,
  });
});

test('an email with invisible or look-alike characters is not an email address', () => {
  for (const email of ['kemi\u200b@example.ng', '\u043aemi@example.ng', 'kemi@example']) {
    expect(validateContact({ ...valid, email })).toEqual({ email: contactErrorText.emailInvalid });
  }
});

test('every field is required', () => {
  expect(validateContact({ name: ' ', email: '', message: '' })).toEqual({
    name: contactErrorText.nameRequired,
    email: contactErrorText.emailRequired,
    message: contactErrorText.messageRequired,
  });
});
