import { setupWorker } from 'msw/browser';
import { handlers } from '../src/testing/handlers';

/** Storybook's network in the browser: the same handlers the jest tests use. */
export async function setupMsw() {
  const worker = setupWorker(...handlers);
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  return worker;
}
