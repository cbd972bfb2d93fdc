/** Runs `callback` once the page has loaded (the `load` event), or at once if it has. */
export function afterPageLoad(callback: () => void): void {
  if (document.readyState === 'complete') callback();
  else window.addEventListener('load', () => callback(), { once: true });
}
