import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The jest network: every request a test does not expect fails the test (jest.setup.ts). */
export const server = setupServer(...handlers);
