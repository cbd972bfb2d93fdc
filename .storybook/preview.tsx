import type { Decorator, Preview } from '@storybook/react-webpack5';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../src/app/AppProviders';
import { makeStore, type RootState } from '../src/app/store';
import { retryPolicy } from '../src/services/baseQuery';
import { resetMockDb } from '../src/testing/handlers';
import { setupMsw } from './mswWorker';

declare module '@storybook/react-webpack5' {
  interface Parameters {
    /** The URL the story's router starts at. */
    route?: string;
    /** State the story's fresh Redux store starts with (e.g. a signed-in session). */
    store?: { preloadedState?: Partial<RootState> };
  }
}

/** Every story gets a fresh store, the theme, the toaster and a router, as the app has. */
const withApp: Decorator = (Story, { parameters }) => {
  const store = makeStore(parameters.store?.preloadedState);
  return (
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[parameters.route ?? '/']}>
        <Story />
      </MemoryRouter>
    </AppProviders>
  );
};

const preview: Preview = {
  decorators: [withApp],
  // Failed loads are still retried, as in the shop, but without the growing waits (about
  // 2 s in all): an error story shows its error at once.
  beforeEach: () => {
    const { backoff } = retryPolicy;
    retryPolicy.backoff = () => Promise.resolve();
    return () => {
      retryPolicy.backoff = backoff;
    };
  },
  // Each story starts from the fixtures, whatever the previous story changed.
  loaders: [
    async () => {
      resetMockDb();
      return {};
    },
    mswLoader(setupMsw),
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
