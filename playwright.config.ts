import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests run the production build against the reference server (fresh data dir,
 * demo catalogue) in Debian's Chromium; CHROME_PATH overrides where it lives.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the specs share the demo shopper, whose cart one spec fills and another empties.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Service workers answer requests that page.route cannot see; tests stub the network.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 150 gives each navigation a new document host ("RenderDocument"), which
        // DevTools' offline emulation (context.setOffline) does not reach: a page reloaded
        // offline reads navigator.onLine as true, and the offline tests (pwa.spec.ts) see a
        // connection the test took away. Each document is again told it is offline without it.
        '--disable-features=RenderDocument',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx e2e/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E: '1',
      OTP_RESEND_INTERVAL_SECONDS: '0',
      // Every browser test orders as the demo shopper, on one server for the whole run: the
      // cap on orders waiting for payment is the server tests' to check, not theirs to meet.
      PAY_LATER_MAX_OPEN_ORDERS: '100',
      PAY_LATER_OPEN_MAX_NAIRA: '100000000',
      PAY_LATER_MAX_STOCK_PERCENT: '100',
      // Every page of the run comes from one address, faster than a shopper browses; the page
      // limit is the server tests' to check (server/test/pages.test.ts).
      RATE_LIMIT_PAGES_MAX: '100000',
    },
  },
});
