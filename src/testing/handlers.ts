import type { RequestHandler } from 'msw';

/**
 * MSW handlers answering the backend contract with fixtures, shared by jest and Storybook.
 * Tests override one with `server.use(...)` for failure paths.
 */
export const handlers: RequestHandler[] = [];
