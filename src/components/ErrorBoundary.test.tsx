import { Suspense, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError } from '../lib/chunkLoad';
import ErrorBoundary, { RENDER_FAILED_MESSAGE } from './ErrorBoundary';
import { lazyWithRetry } from './lazyWithRetry';

/** What webpack rejects import() with when a chunk does not arrive. */
function chunkLoadError() {
  const error = new Error('Loading chunk faq failed.\n(error: http://shop.test/faq.js)');
  error.name = 'ChunkLoadError';
  return error;
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React reports every caught error on the console too; the boundary's own call is asserted.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

function Broken(): never {
  throw new Error('price is undefined');
}

function Page({ broken }: { broken: boolean }) {
  return broken ? <Broken /> : <h1>Frequently asked questions</h1>;
}

describe('ErrorBoundary', () => {
  it('shows a page that failed to render as a message with the way home, logs it, and forgets it on the next page', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [page, setPage] = useState('/product');
      return (
        <>
          <button type="button" onClick={() => setPage('/faq')}>
            Next page
          </button>
          <ErrorBoundary resetKey={page}>
            <Page broken={page === '/product'} />
          </ErrorBoundary>
        </>
      );
    }
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent(RENDER_FAILED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(
      'A page failed to render.',
      expect.objectContaining({ message: 'price is undefined' }),
      expect.any(String),
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Try again when a page’s code fails to arrive, and loads it again when pressed', async () => {
    const user = userEvent.setup();
    const load = jest
      .fn<Promise<{ default: () => React.JSX.Element }>, []>()
      .mockRejectedValueOnce(chunkLoadError())
      .mockResolvedValue({ default: () => <h1>Frequently asked questions</h1> });
    const FaqPage = lazyWithRetry(load);
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading page…</p>}>
          <FaqPage />
        </Suspense>
      </ErrorBoundary>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_FAILED_MESSAGE);
    expect(consoleError).not.toHaveBeenCalledWith(
      'A page failed to render.',
      expect.anything(),
      expect.anything(),
    );

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { name: 'Frequently asked questions' }),
    ).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells a chunk that failed to arrive from code that failed to run', () => {
    expect(isChunkLoadError(chunkLoadError())).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /faq.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('price is undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 3 failed')).toBe(false);
  });
});
