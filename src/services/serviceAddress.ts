/**
 * A settings base URL ('/api' or 'https://...') made absolute. Browsers resolve a relative
 * URL against the page, but Node's Request (jest) does not, so we resolve it here, once.
 */
export function absoluteBaseUrl(baseUrl: string): string {
  if (/^https?:\/\//i.test(baseUrl)) return baseUrl;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return new URL(baseUrl.replace(/\/+$/, '') || '/', origin).href.replace(/\/+$/, '');
}
