import { firstScreenShown, QUIET_MS, WAIT_AT_MOST_MS } from './firstScreen';

/** A stand-in for the browser's largest-paint reports, which jsdom does not make. */
class FakePaintObserver {
  static readonly supportedEntryTypes = ['largest-contentful-paint'];
  static watching: FakePaintObserver[] = [];
  constructor(private readonly report: () => void) {}
  observe() {
    FakePaintObserver.watching.push(this);
  }
  disconnect() {
    FakePaintObserver.watching = FakePaintObserver.watching.filter((o) => o !== this);
  }
  /** The browser puts a new largest paint on screen. */
  static paint() {
    for (const observer of FakePaintObserver.watching) observer.report();
  }
}

/** A picture whose decoding the test finishes, or fails. */
function picture(root: Element) {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  image.decode = () =>
    new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = () => reject(new Error('EncodingError'));
    });
  root.append(image);
  return { finish: () => finish(), fail: () => fail() };
}

function serverPage() {
  document.body.innerHTML = '<div id="root"><header>Ibadan Market</header></div>';
  return document.getElementById('root')!;
}

/** Watches the promise: `settled()` says whether the app would have started. */
function watch(promise: Promise<void>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return { settled: () => done };
}

/** Runs the fake clock forward, letting promise callbacks run between its steps. */
async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

const realObserver = globalThis.PerformanceObserver;
beforeEach(() => {
  jest.useFakeTimers();
  FakePaintObserver.watching = [];
  Object.defineProperty(globalThis, 'PerformanceObserver', {
    configurable: true,
    writable: true,
    value: FakePaintObserver,
  });
});
afterEach(() => {
  Object.defineProperty(globalThis, 'PerformanceObserver', {
    configurable: true,
    writable: true,
    value: realObserver,
  });
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('when the app takes over the page', () => {
  it('at once when the server rendered nothing: there is nothing to show first', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const started = watch(firstScreenShown(document.getElementById('root')!));
    await advance(0);
    expect(started.settled()).toBe(true);
  });

  it('at once in a tab the shopper cannot see, which paints nothing', async () => {
    const root = serverPage();
    picture(root);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const started = watch(firstScreenShown(root));
    await advance(0);
    expect(started.settled()).toBe(true);
    visibility.mockRestore();
  });

  it("once the first screen's pictures are decoded and painted, not before", async () => {
    const root = serverPage();
    const first = picture(root);
    const second = picture(root);
    const started = watch(firstScreenShown(root));

    await advance(1_000);
    first.finish();
    await advance(1_000);
    expect(started.settled()).toBe(false);

    second.fail(); // a broken picture is not waited for
    // Two frames for the browser to paint them, then a quiet spell without a new paint.
    await advance(2 * 16 + QUIET_MS - 5);
    expect(started.settled()).toBe(false);
    await advance(10);
    expect(started.settled()).toBe(true);
  });

  it('not while the browser is still reporting what it painted', async () => {
    const root = serverPage();
    const image = picture(root);
    const started = watch(firstScreenShown(root));
    image.finish();
    await advance(2 * 16);

    // The pictures reach the screen a frame or two after they were drawn.
    await advance(QUIET_MS - 10);
    FakePaintObserver.paint();
    await advance(QUIET_MS - 10);
    expect(started.settled()).toBe(false);
    await advance(20);
    expect(started.settled()).toBe(true);
    expect(FakePaintObserver.watching).toHaveLength(0);
  });

  it('after WAIT_AT_MOST_MS when a picture never arrives', async () => {
    const root = serverPage();
    picture(root);
    const started = watch(firstScreenShown(root));
    await advance(WAIT_AT_MOST_MS - 100);
    expect(started.settled()).toBe(false);
    await advance(100 + 2 * 16 + QUIET_MS);
    expect(started.settled()).toBe(true);
  });

  it('after WAIT_AT_MOST_MS when the paints keep coming', async () => {
    const root = serverPage();
    const started = watch(firstScreenShown(root));
    for (let waited = 0; waited < WAIT_AT_MOST_MS; waited += QUIET_MS / 2) {
      FakePaintObserver.paint();
      await advance(QUIET_MS / 2);
    }
    await advance(10);
    expect(started.settled()).toBe(true);
  });
});
