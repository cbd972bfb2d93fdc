import { createContext } from 'react';

/**
 * True where the shopper cannot be known: the server's render of a visitor's copy
 * (src/ssr/render.tsx), made without a session since the session lives in the browser (a
 * request with the session's cookie is rendered with it, and knows the shopper). A shopper's
 * page then shows its placeholder (RequireShopper).
 */
export const ShopperUnknownContext = createContext(false);

/**
 * The attribute that marks such a placeholder in the server's HTML. The browser renders a page
 * holding one afresh instead of hydrating it (src/app/start.tsx): what goes in its place
 * depends on the session the server did not have.
 */
export const PLACEHOLDER_ATTRIBUTE = 'data-shopper-placeholder';
