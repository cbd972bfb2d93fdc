import {
  affiliateLoadError,
  cartLoadError,
  deliveryLoadError,
  errorDetail,
  fieldErrors,
  getErrorMessage,
  humanizeField,
  isCredentialError,
  isRetryable,
  productLoadError,
} from './getErrorMessage';

const http = (status: number, detail?: unknown) => ({
  status,
  data: detail === undefined ? null : { detail },
});
const validation = http(422, [
  { loc: ['body', 'email'], msg: 'Enter a valid email address', type: 'value_error' },
  { loc: ['body', 'mobile_number'], msg: 'field required', type: 'missing' },
  { loc: ['body', 'mobile_number'], msg: 'Too short', type: 'string_too_short' },
  { loc: ['body', 'items', 0], msg: 'Bad item', type: 'value_error' },
  { loc: ['body'], msg: 'Body must be an object', type: 'type_error' },
]);
const fetchError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const timeoutError = { status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' };
const parsingError = {
  status: 'PARSING_ERROR',
  originalStatus: 502,
  data: '<html>Bad Gateway</html>',
  error: 'SyntaxError: Unexpected token <',
};
const credentials = http(401, 'Could not validate credentials');

describe('getErrorMessage', () => {
  test.each([
    [
      'the server detail',
      http(400, 'This product is out of stock'),
      'This product is out of stock',
    ],
    [
      'a 422 list in readable words',
      validation,
      'Email: Enter a valid email address; Mobile number: Field required; Mobile number: Too short; Items: Bad item; Body must be an object',
    ],
    [
      'a `message` field when there is no detail',
      { status: 400, data: { message: 'Nope' } },
      'Nope',
    ],
    ['an HTTP error with no words', http(500), 'An error occured'],
    [
      'a network failure while online',
      fetchError,
      'Our server is not answering. Please try again in a moment.',
    ],
    [
      'a 503 from the gateway with no words',
      http(503),
      'Our server is not answering. Please try again in a moment.',
    ],
    ['a 503 with its own words', http(503, 'Down for upkeep'), 'Down for upkeep'],
    [
      'a time-out',
      timeoutError,
      'The server took too long to answer. Check your connection and try again.',
    ],
    [
      "a gateway's page (502) when the server is down",
      parsingError,
      'Our server is not answering. Please try again in a moment.',
    ],
    [
      'a non-JSON answer',
      { ...parsingError, originalStatus: 200 },
      'The server sent an answer that could not be read. Please try again later.',
    ],
    [
      'a custom error',
      { status: 'CUSTOM_ERROR', error: 'Payment popup closed' },
      'Payment popup closed',
    ],
    [
      'a serialized error',
      { name: 'Error', message: 'Rejected by listener' },
      'Rejected by listener',
    ],
    [
      'a thrown Error',
      new Error('Invalid transaction parameters'),
      'Invalid transaction parameters',
    ],
    ['a plain string', 'Something broke', 'Something broke'],
    ['undefined', undefined, 'An error occured'],
    ['null', null, 'An error occured'],
    ['a number', 42, 'An error occured'],
    ['an empty detail', http(400, ''), 'An error occured'],
    ['a malformed list', http(422, [{ nope: true }]), 'An error occured'],
  ])('%s', (_label, error, expected) => {
    expect(getErrorMessage(error)).toBe(expected);
  });
});

describe('errorDetail', () => {
  test('is undefined when the server said nothing usable', () => {
    expect(errorDetail(http(500))).toBeUndefined();
    expect(errorDetail(fetchError)).toBeUndefined();
    expect(errorDetail(new Error('x'))).toBeUndefined();
  });
});

describe('humanizeField', () => {
  test.each([
    ['email', 'Email'],
    ['mobile_number', 'Mobile number'],
    ['alt_mobile_number', 'Alt mobile number'],
    ['firstName', 'First name'],
    ['affiliate-code', 'Affiliate code'],
  ])('%s → %s', (field, words) => {
    expect(humanizeField(field)).toBe(words);
  });
});

describe('fieldErrors', () => {
  test('maps each field of a 422 to its message, joining several', () => {
    expect(fieldErrors(validation)).toEqual({
      email: 'Enter a valid email address',
      mobile_number: 'Field required; Too short',
      items: 'Bad item',
    });
  });

  test('is empty for any other error', () => {
    expect(fieldErrors(http(400, 'Nope'))).toEqual({});
    expect(fieldErrors(fetchError)).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('isRetryable', () => {
  test.each([
    [{ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, true],
    [{ status: 'TIMEOUT_ERROR', error: 'TimeoutError' }, true],
    [{ status: 500, data: null }, true],
    [{ status: 502, data: null }, true],
    [{ status: 503, data: null }, true],
    [{ status: 408, data: null }, true],
    [{ status: 429, data: null }, true],
    [{ status: 400, data: null }, false],
    [{ status: 401, data: null }, false],
    [{ status: 404, data: null }, false],
    [{ status: 422, data: null }, false],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, false],
    [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, true],
    [{ status: 'CUSTOM_ERROR', error: 'x' }, false],
    [undefined, false],
  ])('a call failing with %j: %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe('isCredentialError', () => {
  test.each([
    [credentials, true],
    [http(401), true],
    [http(403, 'Could not validate credentials'), true],
    [{ status: 'PARSING_ERROR', originalStatus: 401, data: '', error: '' }, true],
    [http(403, 'Forbidden'), false],
    [http(500), false],
    [fetchError, false],
    [undefined, false],
  ])('%j → %s', (error, expected) => {
    expect(isCredentialError(error)).toBe(expected);
  });
});

describe('affiliateLoadError', () => {
  test.each([
    ['404: not registered', http(404, 'Affiliate account not found'), { kind: 'not-registered' }],
    [
      '500',
      http(500, 'boom'),
      { kind: 'message', text: 'Something went wrong on the server. Please try again later.' },
    ],
    [
      'a 500 that is not JSON',
      { ...parsingError, originalStatus: 500 },
      { kind: 'message', text: 'Something went wrong on the server. Please try again later.' },
    ],
    [
      'another status, with its detail',
      http(403, 'Could not validate credentials'),
      { kind: 'message', text: 'An error occurred: Could not validate credentials' },
    ],
    [
      'another status, without words',
      http(409),
      { kind: 'message', text: 'An error occurred: An error occured' },
    ],
    [
      'no answer',
      fetchError,
      { kind: 'message', text: 'No response from server. Check your connection.' },
    ],
    [
      'a time-out',
      timeoutError,
      { kind: 'message', text: 'No response from server. Check your connection.' },
    ],
    [
      'anything else',
      new Error('Network stack exploded'),
      { kind: 'message', text: 'Error: Network stack exploded' },
    ],
  ])('%s', (_label, error, expected) => {
    expect(affiliateLoadError(error)).toEqual(expected);
  });
});

describe('productLoadError', () => {
  test.each([
    ['an answer with a detail', http(404, 'Product not found'), 'Error: Product not found'],
    ['an answer without one', http(500), 'Error: Unable to fetch product.'],
    ['an answer that is not JSON', parsingError, 'Error: Unable to fetch product.'],
    ['no answer', fetchError, 'No response from server. Please try again later.'],
    ['a time-out', timeoutError, 'No response from server. Please try again later.'],
    ['anything else', new Error('x'), 'An error occurred.'],
    ['undefined', undefined, 'An error occurred.'],
  ])('%s', (_label, error, expected) => {
    expect(productLoadError(error)).toBe(expected);
  });
});

describe('cartLoadError', () => {
  test.each([
    ['a refused token', credentials, 'Please, log in'],
    ['another detail', http(400, 'Cart unavailable'), 'Cart unavailable'],
    ['no detail', http(500), 'An error occurred'],
    ['no answer', fetchError, 'Our server is not answering. Please try again in a moment.'],
  ])('%s', (_label, error, expected) => {
    expect(cartLoadError(error)).toBe(expected);
  });
});

describe('offline or server down', () => {
  afterEach(() => jest.restoreAllMocks());

  test('no answer while the device is offline says so, not that the server is down', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(getErrorMessage(fetchError)).toBe(
      'You are offline. Check your connection and try again.',
    );
    expect(cartLoadError(fetchError)).toBe('You are offline. Check your connection and try again.');
  });

  test('no answer while online blames the server, not the connection', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(getErrorMessage(fetchError)).toBe(
      'Our server is not answering. Please try again in a moment.',
    );
    expect(getErrorMessage(fetchError)).not.toMatch(/connection/);
  });
});

describe('deliveryLoadError', () => {
  test.each([
    ['a refused token', credentials, 'Please, log in'],
    ['a detail', http(404, 'Delivery location not found'), 'Delivery location not found'],
    ['no detail', http(404), 'Add your delivery location'],
  ])('%s', (_label, error, expected) => {
    expect(deliveryLoadError(error)).toBe(expected);
  });
});
