/**
 * Every story of the built Storybook (storybook-static, from `npm run build-storybook`) in a
 * real browser, with its play function, as a designer opens it. Jest runs the same stories in
 * jsdom; this catches what only a browser shows: transitions, the MSW service worker, layout.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const staticDir = path.resolve(__dirname, '..', 'storybook-static');
const indexFile = path.join(staticDir, 'index.json');

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

/** What the story's preview reported: how it finished, and what was thrown on the way. */
interface StoryOutcome {
  status: 'success' | 'error' | null;
  errors: string[];
}

declare global {
  interface Window {
    __storyOutcome: StoryOutcome;
    /** Storybook's preview, as far as these tests read it. */
    __STORYBOOK_PREVIEW__?: {
      currentRender?: {
        story?: { id: string; storyGlobals?: { viewport?: { value?: string } } };
      };
    };
  }
}

const DESKTOP = { width: 1280, height: 800 };

/** Storybook's viewport presets that differ from the desktop window. */
const viewportSizes: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** A plain static server over storybook-static (the MSW worker needs http, not file:). */
function serveStatic(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(
      staticDir,
      decodeURIComponent(pathname === '/' ? '/index.html' : pathname),
    );
    if (!file.startsWith(staticDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Installed before the preview loads: notes the channel's finish and error events. */
function recordStoryOutcome() {
  const outcome: StoryOutcome = { status: null, errors: [] };
  window.__storyOutcome = outcome;
  let channel: { emit: (event: string, ...args: unknown[]) => unknown } | undefined;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next: typeof channel) {
      channel = next;
      if (!next) return;
      const emit = next.emit.bind(next);
      next.emit = (event: string, ...args: unknown[]) => {
        const [payload] = args as [Record<string, unknown> | undefined];
        if (event === 'storyFinished') {
          outcome.status = payload?.status === 'success' ? 'success' : 'error';
        } else if (
          event === 'playFunctionThrewException' ||
          event === 'storyThrewException' ||
          event === 'storyErrored' ||
          event === 'storyMissing'
        ) {
          outcome.errors.push(`${event}: ${String(payload?.message ?? payload?.title ?? '')}`);
        } else if (event === 'unhandledErrorsWhilePlaying') {
          // MSW's worker checks for a newer copy of its own script as a story loads; when the
          // page is reloaded at another width meanwhile (or the static server is slow), the
          // browser rejects that check with "Failed to update a ServiceWorker". That is the
          // harness's reload, not the story: every other error counts.
          const errors = (Array.isArray(payload) ? payload : [payload]) as (
            { message?: unknown } | undefined
          )[];
          const real = errors.filter(
            (error) => !String(error?.message ?? '').startsWith('Failed to update a ServiceWorker'),
          );
          if (real.length > 0) outcome.errors.push(`${event}: ${JSON.stringify(real)}`);
        }
        return emit(event, ...args);
      };
    },
  });
}

const entries: IndexEntry[] = fs.existsSync(indexFile)
  ? Object.values(
      (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> })
        .entries,
    )
  : [];
const stories = entries.filter((entry) => entry.type === 'story');
const docs = entries.filter((entry) => entry.type === 'docs');

test.describe('Storybook', () => {
  // The stories answer the network with MSW's service worker.
  test.use({ serviceWorkers: 'allow' });

  let server: http.Server;
  let origin = '';
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    server = await serveStatic();
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(recordStoryOutcome);
  });

  async function openStory(id: string) {
    await page.goto(`${origin}/iframe.html?id=${id}&viewMode=story`);
    // The story is loaded once the preview knows it; its globals are known from then on.
    await expect
      .poll(() => page.evaluate(() => window.__STORYBOOK_PREVIEW__?.currentRender?.story?.id), {
        timeout: 30_000,
      })
      .toBe(id);
  }

  /** The story's viewport preset ('mobile2', 'desktop' ...), or '' for none. */
  function storyViewport(): Promise<string> {
    return page.evaluate(
      () => window.__STORYBOOK_PREVIEW__?.currentRender?.story?.storyGlobals?.viewport?.value ?? '',
    );
  }

  test.afterAll(async () => {
    // Unassigned when beforeAll failed part-way.
    await (page as Page | undefined)?.close();
    await new Promise((resolve) => (server as http.Server | undefined)?.close(resolve));
  });

  test('the build has every modal with a docs page, and stories to check', () => {
    expect(
      stories.length,
      'run `npm run build-storybook` before the browser tests',
    ).toBeGreaterThan(0);
    const modals = [
      ...new Set(stories.filter((s) => s.title.startsWith('Modals/')).map((s) => s.title)),
    ];
    expect(modals.sort()).toEqual([
      'Modals/AffiliateRegistrationForm',
      'Modals/DeliveryInfoModal',
      'Modals/DeliveryModeModal',
      'Modals/EditProfileForm',
      'Modals/EmailVerificationModal',
      'Modals/ForgotPasswordModal',
      'Modals/TestPaymentDialog',
    ]);
    expect(docs.map((d) => d.title).sort()).toEqual(modals.sort());
  });

  for (const story of stories) {
    test(`${story.title} › ${story.name} renders and plays`, async () => {
      await page.setViewportSize(DESKTOP);
      await openStory(story.id);
      // Storybook's toolbar gives a story its width; here the window does, and the story
      // starts again at that width.
      const size = viewportSizes[await storyViewport()];
      if (size) {
        await page.setViewportSize(size);
        await openStory(story.id);
      }
      await expect
        .poll(() => page.evaluate(() => window.__storyOutcome.status), { timeout: 30_000 })
        .not.toBeNull();
      const outcome = await page.evaluate(() => window.__storyOutcome);
      expect(outcome.errors).toEqual([]);
      expect(outcome.status).toBe('success');
    });
  }

  for (const page_ of docs) {
    test(`${page_.title} docs page shows its stories`, async () => {
      await page.goto(`${origin}/iframe.html?id=${page_.id}&viewMode=docs`);
      await expect(page.locator('.sbdocs-content h1').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.docs-story').first()).toBeVisible();
      await expect(page.locator('.sb-show-errordisplay')).toHaveCount(0);
    });
  }
});
