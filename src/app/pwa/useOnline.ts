import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const onServer = () => true;

/** Whether the browser believes it has a connection (navigator.onLine and its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
