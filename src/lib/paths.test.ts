import { loginPathReturningTo, paths, safeReturnPath } from './paths';

test('the login link remembers the page to come back to', () => {
  expect(loginPathReturningTo('/profile/orders?order=12')).toBe(
    '/auth/login?redirect=%2Fprofile%2Forders%3Forder%3D12',
  );
});

test.each([
  ['/profile/orders?order=12', '/profile/orders?order=12'],
  ['/cart', '/cart'],
  [null, paths.root],
  ['', paths.root],
  ['https://evil.example/phish', paths.root],
  ['//evil.example', paths.root],
  ['/auth/login', paths.root],
])('after login, %p leads to %p', (candidate, expected) => {
  expect(safeReturnPath(candidate)).toBe(expected);
});
