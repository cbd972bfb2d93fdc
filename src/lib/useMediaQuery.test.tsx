import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useMediaQuery } from './useMediaQuery';

/** A window whose width the test sets: matchMedia answers min-width queries from it. */
function screenOfWidth(initial: number) {
  let width = initial;
  const lists: { media: string; listeners: Set<() => void> }[] = [];
  const queried: string[] = [];
  jest.spyOn(window, 'matchMedia').mockImplementation((media: string) => {
    queried.push(media);
    const min = Number(/min-width:\s*(\d+)px/.exec(media)?.[1] ?? 0);
    const entry = { media, listeners: new Set<() => void>() };
    lists.push(entry);
    return {
      get matches() {
        return width >= min;
      },
      media,
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) =>
        entry.listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  return {
    queried,
    resize(to: number) {
      width = to;
      act(() => lists.forEach((list) => list.listeners.forEach((listener) => listener())));
    },
  };
}

function Layout() {
  return <p>{useMediaQuery('@media (min-width:1200px)') ? 'wide' : 'narrow'}</p>;
}

afterEach(() => jest.restoreAllMocks());

test("answers for the screen from the first render, and follows the window's width", () => {
  const window = screenOfWidth(1280);
  render(<Layout />);
  expect(screen.getByText('wide')).toBeInTheDocument();
  expect(window.queried.every((media) => media === '(min-width:1200px)')).toBe(true);

  window.resize(390);
  expect(screen.getByText('narrow')).toBeInTheDocument();
  window.resize(1440);
  expect(screen.getByText('wide')).toBeInTheDocument();
});

test('hydrates what the server rendered (no screen there), then answers for this one', async () => {
  const container = document.createElement('div');
  // The server has no window: renderToString takes the hook's server answer.
  container.innerHTML = renderToString(<Layout />);
  expect(container.textContent).toBe('narrow');
  screenOfWidth(1280);
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Layout />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  expect(container.textContent).toBe('wide');
  expect(mismatches).toEqual([]);
});
