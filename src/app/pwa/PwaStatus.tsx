import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What the service worker has to tell the shopper: the offline banner and, when a new
 * version waits while updates are held, the prompt to reload. Mounted once, above the
 * router (src/app/App.tsx). The worker itself is registered in src/index.tsx.
 */
export function PwaStatus() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
