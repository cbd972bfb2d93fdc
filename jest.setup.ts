import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { loadedSonner, loadSonner } from './src/lib/toast';
import { server } from './src/testing/server';

// sonner's toaster and MUI's media queries ask for matchMedia, which jsdom lacks.
if (!('matchMedia' in window)) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Lazy images and windowed lists observe the viewport; jsdom has no layout, so everything "intersects".
if (!('IntersectionObserver' in window)) {
  class ImmediateIntersectionObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', {
    writable: true,
    value: ImmediateIntersectionObserver,
  });
}

// The app loads sonner after the page has loaded (src/lib/toast.ts); tests start with it
// there, so the toaster is on screen from the first render, as it is for a shopper.
beforeAll(() => loadSonner());

window.scrollTo = () => {};
// jsdom lays nothing out, so it has no scrollIntoView either.
Element.prototype.scrollIntoView = () => {};

// A page test renders a whole screen in jsdom, types into MUI fields and waits on answers:
// on a busy machine that takes longer than Testing Library's 1 s wait and jest's 5 s test
// limit. The tests wait for events, never for an amount of time (frames and pauses run on
// jest's clock), so longer limits only let a slow run finish. (A project's testTimeout in
// jest.config.ts is not read: jest takes it from the top-level config only.)
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

afterEach(() => {
  // sonner keeps its toasts in a module-level store: start every test with none (loaded in
  // beforeAll, so the dismissal is immediate).
  loadedSonner()?.toast.dismiss();
  localStorage.clear();
});

// The MSW server answers every request a test makes; an unexpected one fails the test.

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
