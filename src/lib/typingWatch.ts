/**
 * Which fields the shopper has typed into, seen from the first keystroke on any page. It
 * loads with the first screen (src/index.tsx) so that no keystroke is missed, while the code
 * that reads it (src/lib/updateGuard.ts, for the service worker's update flow) loads after
 * the page has.
 *
 * React keeps a controlled field's default value (the `value` attribute) equal to its
 * current value, so for those fields "value differs from default" never holds and the
 * `input` events their typing fires are the only evidence.
 */
const typedInto = new WeakSet<EventTarget>();

function rememberTyping(event: Event) {
  if (event.target) typedInto.add(event.target);
}

if (typeof document !== 'undefined') {
  document.addEventListener('input', rememberTyping, true);
}

/** Whether the shopper typed into this field since the page loaded. */
export function wasTypedInto(field: EventTarget): boolean {
  return typedInto.has(field);
}
