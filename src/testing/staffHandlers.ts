/**
 * The mock backend's staff side (docs/product.md#calls): the order queue and its actions,
 * with state of their own that resetMockDb() puts back.
 */
import type { RequestHandler } from 'msw';

export const staffHandlers: RequestHandler[] = [];
