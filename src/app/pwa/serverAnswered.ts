/**
 * The API addresses whose answers came inside a server-rendered page (server/src/serverRender.ts)
 * instead of being fetched: the service worker is asked to keep them like the answers the page
 * fetched itself (registerServiceWorker.ts), so the shop still opens offline after one visit.
 */
export const serverAnsweredUrls = new Set<string>();
