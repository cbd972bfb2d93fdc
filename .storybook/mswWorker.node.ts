import { server } from '../src/testing/server';

/** Under jest, stories use the Node MSW server that jest.setup.ts already started. */
export async function setupMsw() {
  return server;
}
