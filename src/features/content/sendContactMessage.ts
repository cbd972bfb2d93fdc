import { init, send } from '@emailjs/browser';
import { env } from '../../config/env';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

let initialized = false;

/** EmailJS keeps its settings in a module singleton: set the key and origin once. */
function ensureInitialized() {
  if (initialized) return;
  init({
    publicKey: env.emailjs.publicKey,
    // Empty means this site's own server, which accepts EmailJS requests (see .env.example).
    origin: env.emailjs.origin || window.location.origin,
  });
  initialized = true;
}

/**
 * Sends the contact form through EmailJS. Resolves only on EmailJS's success answer
 * (status 200, text 'OK'); anything else rejects.
 */
export async function sendContactMessage(values: ContactMessage): Promise<void> {
  ensureInitialized();
  const response = await send(env.emailjs.serviceId, env.emailjs.templateId, {
    name: values.name,
    email: values.email,
    message: values.message,
  });
  if (response.status !== 200 || response.text !== 'OK') {
    throw new Error(`EmailJS answered ${response.status} ${response.text}`);
  }
}
