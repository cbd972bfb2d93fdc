import { createContext } from 'react';

/**
 * True where the shopper cannot be known: the server's render (src/ssr/render.tsx), since the
 * session lives in the browser. A shopper's page then shows its placeholder (RequireShopper).
 */
export const ShopperUnknownContext = createContext(false);

/**
 * The attribute that marks such a placeholder in the server's HTML. The browser renders a page
 * holding one afresh instead of hydrating it (src/index.tsx): what goes in its place depends on
 * the session the server did not have.
 */
export const PLACEHOLDER_ATTRIBUTE = 'data-shopper-placeholder';
