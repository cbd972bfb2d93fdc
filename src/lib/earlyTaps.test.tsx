import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type * as EarlyTaps from './earlyTaps';

// Each test gets the module afresh: whether the page has been taken over is module state.
let holdEarlyTaps: typeof EarlyTaps.holdEarlyTaps;
let pageIsTakenOver: typeof EarlyTaps.pageIsTakenOver;
let stopHoldingTaps: typeof EarlyTaps.stopHoldingTaps;

function page() {
  document.body.innerHTML = `
    <div id="root">
      <form id="form"><button id="add" type="submit">Add to cart</button></form>
      <button id="faq" type="button">What do you sell?</button>
      <button id="off" type="button" disabled>Sold out</button>
      <a href="/faq" id="link"><span id="inside-link">FAQ</span></a>
    </div>
    <button id="outside" type="button">Outside</button>`;
  const root = document.getElementById('root')!;
  const clicks: string[] = [];
  const record = (event: Event) => clicks.push((event.target as Element).id);
  document.addEventListener('click', record);
  cleanups.push(() => document.removeEventListener('click', record));
  const submits: string[] = [];
  document.getElementById('form')!.addEventListener('submit', (event) => {
    event.preventDefault();
    submits.push('form');
  });
  return { root, clicks, submits, el: (id: string) => document.getElementById(id)! };
}

/** What React does to an element it hydrates or renders: keeps its fiber on it. */
function hydrate(...elements: Element[]) {
  for (const element of elements) Object.assign(element, { __reactFiber$test: {} });
}

const cleanups: (() => void)[] = [];
beforeEach(() => {
  jest.useFakeTimers();
  jest.isolateModules(() => {
    ({ holdEarlyTaps, pageIsTakenOver, stopHoldingTaps } =
      jest.requireActual<typeof EarlyTaps>('./earlyTaps'));
  });
});
afterEach(() => {
  stopHoldingTaps();
  document.body.innerHTML = '';
  // Whatever is still held runs out its time against a page that is gone.
  jest.advanceTimersByTime(10_000);
  jest.useRealTimers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

test('a tap before its button is hydrated is held, then carried out in order', () => {
  const { root, clicks, submits, el } = page();
  holdEarlyTaps(root);
  el('faq').click();
  el('add').click();
  jest.advanceTimersByTime(200);
  expect(clicks).toEqual([]);
  expect(submits).toEqual([]);

  // Hydrated, but React may still be rendering: nothing until the page says it is taken over.
  hydrate(el('faq'), el('add'));
  jest.advanceTimersByTime(200);
  expect(clicks).toEqual([]);
  pageIsTakenOver();
  expect(clicks).toEqual(['faq', 'add']);
  expect(submits).toEqual(['form']);
});

test('a tap on a hydrated button goes straight to the app, unless taps wait before it', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  pageIsTakenOver();
  hydrate(el('faq'));
  el('faq').click();
  expect(clicks).toEqual(['faq']);

  // The add button waits for its part of the page: the FAQ tap after it waits its turn.
  el('add').click();
  el('faq').click();
  expect(clicks).toEqual(['faq']);
  hydrate(el('add'));
  jest.advanceTimersByTime(50);
  expect(clicks).toEqual(['faq', 'add', 'faq']);
});

test('links, disabled buttons and anything outside the page are left alone', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  el('inside-link').addEventListener('click', (event) => event.preventDefault());
  el('inside-link').click();
  el('off').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  el('outside').click();
  expect(clicks).toEqual(['inside-link', 'off', 'outside']);
});

test('in a page rendered afresh, the tap goes to the new control of the same name', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  el('faq').click();
  root.innerHTML = '<p>Loading</p>';
  jest.advanceTimersByTime(1_000);
  expect(clicks).toEqual([]);
  pageIsTakenOver();
  jest.advanceTimersByTime(1_000);
  expect(clicks).toEqual([]);
  root.innerHTML = '<button id="faq-new" type="button">What do you sell?</button>';
  hydrate(el('faq-new'));
  jest.advanceTimersByTime(50);
  expect(clicks).toEqual(['faq-new']);
});

test('a tap whose button never comes is given up after five seconds', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  el('faq').click();
  el('faq').remove();
  pageIsTakenOver();
  jest.advanceTimersByTime(5_100);
  // The next tap is not kept waiting behind it.
  hydrate(el('add'));
  el('add').click();
  expect(clicks).toEqual(['add']);
});

test('repeats past three are not kept', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  for (let i = 0; i < 5; i += 1) el('faq').click();
  hydrate(el('faq'));
  pageIsTakenOver();
  expect(clicks).toEqual(['faq', 'faq', 'faq']);
});

test('a page never taken over forgets its held taps when holding stops', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  el('faq').click();
  stopHoldingTaps();
  hydrate(el('faq'));
  pageIsTakenOver();
  jest.advanceTimersByTime(1_000);
  expect(clicks).toEqual([]);
});

test('once holding stops, taps go through as they are', () => {
  const { root, clicks, el } = page();
  holdEarlyTaps(root);
  stopHoldingTaps();
  el('faq').click();
  expect(clicks).toEqual(['faq']);
});

describe("with React hydrating the server's page", () => {
  function Faq({ onOpen, shown }: { onOpen: () => void; shown: () => void }) {
    // As PageOutlet does: the page tells, from an effect, that React has taken it over.
    useEffect(shown, [shown]);
    return (
      <button type="button" onClick={onOpen}>
        What do you sell?
      </button>
    );
  }

  test('a tap made before hydration is carried out once, by the hydrated page', async () => {
    jest.useRealTimers();
    const opened: string[] = [];
    const onOpen = () => opened.push('open');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Faq onOpen={onOpen} shown={() => undefined} />);
    document.body.append(container);
    holdEarlyTaps(container);

    container.querySelector('button')!.click();
    expect(opened).toEqual([]);

    await act(async () => {
      hydrateRoot(container, <Faq onOpen={onOpen} shown={pageIsTakenOver} />);
    });
    expect(opened).toEqual(['open']);
    // Taps after that are React's alone: one tap, one answer.
    container.querySelector('button')!.click();
    expect(opened).toEqual(['open', 'open']);
  });
});
