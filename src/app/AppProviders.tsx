import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CssBaseline, GlobalStyles } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { theme } from '../theme/theme';
import { TOAST_DURATION_MS } from '../lib/messages';
import { loadedSonner, subscribeToSonner, type ToasterProps } from '../lib/toast';
import { preloadToasts } from '../lib/toasts';
import type { AppStore } from './store';

/**
 * sonner's toaster once sonner has arrived (src/lib/toast.ts): asked for after the page has
 * loaded, or by the first toast. Toasts made before it mounts are shown when it does.
 */
function Toaster(props: ToasterProps) {
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, loadedSonner);
  useEffect(preloadToasts, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}

/**
 * Toasts sit at the bottom, away from the header and the navigation a shopper taps next
 * (the cart icon straight after Add to cart). On phones (sonner's breakpoint, 600 px) they
 * span the width above the browser's own bar (the safe-area inset) and above any bar the
 * page pins to the bottom, which publishes its height as --bottom-bar-height.
 */
const TOASTER_MOBILE_OFFSET = {
  bottom: 'calc(16px + env(safe-area-inset-bottom, 0px) + var(--bottom-bar-height, 0px))',
  left: 16,
  right: 16,
};

/**
 * A toast made before a dialog opened would stay at the bottom, where a phone's dialog has its
 * buttons: while a dialog is open the bottom toaster moves to the top, where toasts made
 * meanwhile go too (src/lib/toast.ts), so a toast is still read ('Sign up successful!' as
 * the activation dialog opens) and never takes the tap meant for 'Continue'. Its toasts hang
 * from the top edge and stack downwards, as sonner's own top toasts do.
 */
const DIALOG_OPEN = 'body:has(> .MuiDialog-root)';
const BOTTOM_TOASTS_UNDER_DIALOGS = {
  [`${DIALOG_OPEN} [data-sonner-toaster][data-y-position="bottom"]`]: {
    top: 'var(--offset-top)',
    bottom: 'auto',
    '@media (max-width: 600px)': { top: 'var(--mobile-offset-top)', bottom: 'auto' },
  },
  [`${DIALOG_OPEN} [data-sonner-toast][data-y-position="bottom"]`]: {
    top: 0,
    bottom: 'auto',
    '--lift': 1,
  },
} as const;

/**
 * The theme as MUI's own ThemeProvider passes a theme without CSS variables on (`vars: null`
 * keeps an outer theme's variables from leaking in). Providing it through @mui/system's
 * provider, which MUI's wraps, leaves MUI's CSS-variables provider and its colour-scheme
 * script out of the first screen (2.6 KB brotli); the theme (src/theme/theme.ts) has no
 * colour schemes for it to serve.
 */
const providedTheme = { ...theme, vars: null };

/** Store, theme and toaster: shared by the app, the tests and Storybook. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={providedTheme}>
        <CssBaseline />
        <GlobalStyles styles={BOTTOM_TOASTS_UNDER_DIALOGS} />
        {children}
        <Toaster
          position="bottom-right"
          mobileOffset={TOASTER_MOBILE_OFFSET}
          closeButton
          duration={TOAST_DURATION_MS}
        />
      </ThemeProvider>
    </Provider>
  );
}
