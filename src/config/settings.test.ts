import { readSettings, SettingError } from './settings';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

test('with nothing set, the API is same-origin /api and checkout waits 5 s', () => {
  delete process.env.CART_API_URL;
  delete process.env.CHECKOUT_DELAY_MS;
  const settings = readSettings();
  expect(settings.apiBaseUrls.cart).toBe('/api');
  expect(settings.checkoutDelayMs).toBe(5000);
});

test('a Paystack secret key never reaches the browser: the build stops, naming the setting', () => {
  process.env.PAYSTACK_PUBLIC_KEY = 'sk_live_abc123';
  expect(() => readSettings()).toThrow(SettingError);
  expect(() => readSettings()).toThrow(/PAYSTACK_PUBLIC_KEY holds a secret key/);
});

test('a base URL that is neither a path nor http(s) is refused with its name', () => {
  process.env.CART_API_URL = 'ftp://shop.example/api';
  expect(() => readSettings()).toThrow(/Setting CART_API_URL must be a path starting with \//);
});
