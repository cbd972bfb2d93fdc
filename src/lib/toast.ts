/**
 * sonner, loaded on first use: no toast can show before the shopper does something, so the
 * shop's first screen need not wait for the toaster's code.
 * `toast` takes the same calls as sonner's (toast, success, error, info, loading, dismiss,
 * promise) and makes them once sonner has arrived, in the order they were made; their options
 * pass through untouched, so a toast can carry a button (`action: { label, onClick }`). The app
 * asks for sonner once the page has loaded (`preloadToaster`), so toasts still show after
 * the connection drops.
 */
import type { ComponentProps } from 'react';
import type * as SonnerModule from 'sonner';
import { afterPageLoad } from './afterPageLoad';

type Sonner = typeof SonnerModule;
type SonnerToast = Sonner['toast'];
/** The settings sonner's toaster takes (src/app/AppProviders.tsx mounts it). */
export type ToasterProps = ComponentProps<Sonner['Toaster']>;

let loading: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;
const listeners = new Set<() => void>();

/** Loads sonner (once; a failed load is tried again on the next call). */
export function loadSonner(): Promise<Sonner> {
  loading ??= import(/* webpackChunkName: "toaster" */ 'sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** sonner once it has loaded, else null (read by the app's toaster). */
export function loadedSonner(): Sonner | null {
  return loaded;
}

export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Asks for sonner after the page has loaded, off the first screen's path. */
export function preloadToaster(): void {
  afterPageLoad(() => void loadSonner().catch(() => undefined));
}

function later(call: (sonnerToast: SonnerToast) => void): void {
  // Without a connection the toast is lost, as a toast is; the next one asks again.
  void loadSonner().then(
    (module) => call(module.toast),
    () => undefined,
  );
}

type Args<F extends (...args: never[]) => unknown> = Parameters<F>;
type Shown = Args<SonnerToast>;

/**
 * Where a toast made now goes: the toaster's place (the bottom), except while a dialog is
 * open, whose buttons sit at the bottom of a phone's screen: then at the top, which the
 * dialog covers anyway. Decided per toast, so toasts already showing stay where they are.
 */
function placed([message, data]: Shown): Shown {
  const inDialog = document.body.querySelector(':scope > .MuiDialog-root') !== null;
  return inDialog && !data?.position
    ? [message, { ...data, position: 'top-center' }]
    : [message, data];
}

export const toast = Object.assign((...args: Shown) => later((t) => t(...placed(args))), {
  success: (...args: Shown) => later((t) => t.success(...placed(args))),
  error: (...args: Shown) => later((t) => t.error(...placed(args))),
  info: (...args: Shown) => later((t) => t.info(...placed(args))),
  loading: (...args: Shown) => later((t) => t.loading(...placed(args))),
  dismiss: (...args: Args<SonnerToast['dismiss']>) => later((t) => t.dismiss(...args)),
  promise: (...args: Args<SonnerToast['promise']>) => later((t) => void t.promise(...args)),
});
