import { screen } from '@testing-library/react';
import { useRoutes } from 'react-router-dom';
import { renderWithProviders } from '../testing/renderWithProviders';
import { preloadPage, routes } from './routes';

function RouteTable() {
  return useRoutes(routes);
}

/** The footer loads after the page on every route; a test ends once it is there. */
async function footerLoaded() {
  expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
}

describe('preloadPage', () => {
  it('loads the page at a path ahead of the first render, which then shows it at once', async () => {
    await preloadPage('/faq');
    renderWithProviders(<RouteTable />, { route: '/faq' });
    // No await: the page's code was loaded before the render.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
    await footerLoaded();
  });

  it('loads a page inside a lazily loaded layout with its layout', async () => {
    await preloadPage('/detail');
    renderWithProviders(<RouteTable />, { route: '/detail' });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
    await footerLoaded();
  });

  it('leaves a page not preloaded to load with the render, behind its loader', async () => {
    renderWithProviders(<RouteTable />, { route: '/vendors' });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await footerLoaded();
  });
});
