import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import ErrorBoundary from './ErrorBoundary';
import { lazyWithRetry } from './lazyWithRetry';

type PageModule = { default: () => React.JSX.Element };

function faqModule(): PageModule {
  return { default: () => <h1>Frequently asked questions</h1> };
}

function renderInBoundary(Page: React.ComponentType) {
  return render(
    <ErrorBoundary>
      <Suspense fallback={<p>Loading page…</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('lazyWithRetry', () => {
  it('renders a preloaded component with the first render, and one not preloaded after its loader', async () => {
    const preloaded = lazyWithRetry(() => Promise.resolve(faqModule()));
    await preloaded.preload();
    const { unmount } = renderInBoundary(preloaded);
    // No await: the page is there from the first render, and its loader never showed.
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
    unmount();

    const notPreloaded = lazyWithRetry(() => Promise.resolve(faqModule()));
    renderInBoundary(notPreloaded);
    expect(screen.getByText('Loading page…')).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Frequently asked questions' }),
    ).toBeVisible();
  });

  it('leaves a failed preload to the render, which asks for the code again', async () => {
    const load = jest
      .fn<Promise<PageModule>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk faq failed.'))
      .mockResolvedValue(faqModule());
    const Page = lazyWithRetry(load);
    await expect(Page.preload()).resolves.toBeUndefined();

    renderInBoundary(Page);

    expect(
      await screen.findByRole('heading', { name: 'Frequently asked questions' }),
    ).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
