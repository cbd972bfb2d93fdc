import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { Toaster } from 'sonner';
import { theme } from '../theme/theme';
import { TOAST_DURATION_MS } from '../lib/messages';
import type { AppStore } from './store';

/** Store, theme and toaster: shared by the app, the tests and Storybook. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toaster position="top-center" closeButton duration={TOAST_DURATION_MS} />
      </ThemeProvider>
    </Provider>
  );
}
