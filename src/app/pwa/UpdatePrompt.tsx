import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { clearUpdatePrompt, pendingUpdate, subscribeToUpdatePrompt } from './updatePrompt';

export const UPDATE_TOAST_ID = 'app-update';

/**
 * Asks the shopper to reload when a new version waits while updates are held (a payment
 * runs or a form holds typed text). The toast stays until Reload or its close button.
 */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(subscribeToUpdatePrompt, pendingUpdate, pendingUpdate);

  useEffect(() => {
    if (!apply) return;
    toast('A new version is ready', {
      id: UPDATE_TOAST_ID,
      description: 'Reload when you have finished what you are doing.',
      duration: Infinity,
      action: {
        label: 'Reload',
        onClick: () => {
          clearUpdatePrompt();
          apply();
        },
      },
    });
  }, [apply]);

  return null;
}
