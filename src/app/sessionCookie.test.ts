import { SESSION_COOKIE, decodeSessionCookie, readCookie } from 'contract/sessionCookie';
import { initialSessionState, type SessionState } from '../state/sessionSlice';
import { writeSessionCookie, type CookieJar } from './sessionCookie';
import { createSessionStorageEngine } from './sessionPersistence';

const ADAEZE: SessionState = {
  ...initialSessionState,
  authToken: 'header.payload.signature',
  userID: '7',
  userName: 'Adaeze',
  productSlug: 'ofada-rice',
};

/** A token shaped as the server's, whose payload says it expires at `exp` (seconds). */
function tokenExpiringAt(exp: number): string {
  const payload = btoa(JSON.stringify({ sub: '7', jti: 'session', exp }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

/** A page's cookies as a list of what the page wrote, for the attributes a browser keeps to itself. */
function recordingJar(protocol: string): CookieJar & { written: string[] } {
  const written: string[] = [];
  let value = '';
  return {
    written,
    location: { protocol },
    get cookie() {
      return value;
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = ''] = text.split(';');
      value = /=\s*$/.test(pair) ? '' : pair;
    },
  };
}

afterEach(() => {
  document.cookie = `${SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

describe('the session cookie', () => {
  test("a signed-in shopper's session is written, for the whole site, as long as its token lasts, Lax", () => {
    writeSessionCookie(ADAEZE);
    expect(decodeSessionCookie(readCookie(document.cookie, SESSION_COOKIE) ?? '')).toEqual(ADAEZE);
    const now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const jar = recordingJar('http:');
    // The server's token says when it expires (JWT_EXPIRES_IN): 3 days and an hour from now.
    const token = tokenExpiringAt(now / 1000 + 3 * 86400 + 3600);
    writeSessionCookie({ ...ADAEZE, authToken: token }, jar, now);
    expect(jar.written).toEqual([
      expect.stringMatching(/^ibm_session=[^;]+; Max-Age=262800; Path=\/; SameSite=Lax$/),
    ]);
  });

  test('a token that states no expiry is kept as long as a token lasts by default, 7 days', () => {
    const jar = recordingJar('http:');
    writeSessionCookie(ADAEZE, jar);
    expect(jar.written[0]).toMatch(/; Max-Age=604800; /);
  });

  test('a session whose token has expired is not written, and an older one goes', () => {
    const now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const jar = recordingJar('https:');
    writeSessionCookie(ADAEZE, jar, now);
    writeSessionCookie({ ...ADAEZE, authToken: tokenExpiringAt(now / 1000 - 1) }, jar, now);
    expect(jar.written[1]).toBe(`${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`);
    expect(readCookie(jar.cookie, SESSION_COOKIE)).toBeNull();
  });

  test('over HTTPS it is Secure', () => {
    const jar = recordingJar('https:');
    writeSessionCookie(ADAEZE, jar);
    expect(jar.written[0]).toMatch(/; SameSite=Lax; Secure$/);
  });

  test('logging out removes it; the same session is not written twice', () => {
    const jar = recordingJar('https:');
    writeSessionCookie(ADAEZE, jar);
    writeSessionCookie({ ...ADAEZE }, jar);
    expect(jar.written).toHaveLength(1);
    writeSessionCookie({ ...initialSessionState, productSlug: 'ofada-rice' }, jar);
    expect(jar.written[1]).toBe(`${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`);
    expect(readCookie(jar.cookie, SESSION_COOKIE)).toBeNull();
    writeSessionCookie(initialSessionState, jar);
    expect(jar.written).toHaveLength(2);
  });

  test('a session too long for a cookie is not written, and an older one goes', () => {
    const jar = recordingJar('http:');
    writeSessionCookie(ADAEZE, jar);
    writeSessionCookie({ ...ADAEZE, userName: 'A'.repeat(5000) }, jar);
    expect(readCookie(jar.cookie, SESSION_COOKIE)).toBeNull();
  });

  test('the session is written to the cookie whenever it is written to localStorage', async () => {
    const written: SessionState[] = [];
    const engine = createSessionStorageEngine(window.localStorage, (session) =>
      written.push(session),
    );
    await engine.setItem('session', { ...ADAEZE, _persist: { version: -1, rehydrated: true } });
    await engine.removeItem('session');
    expect(written).toEqual([ADAEZE, initialSessionState]);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
