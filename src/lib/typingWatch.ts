/**
 * Which fields the shopper has typed into, and which one had the focus last, seen from the
 * first keystroke on any page. It loads with the first screen (src/index.tsx) so that no
 * keystroke is missed, while the code that reads it loads later: src/lib/updateGuard.ts, for
 * the service worker's update flow, and src/lib/useEarlyTyping.ts, which hands what was typed
 * on the server's page to the app's field once the app has taken the page over.
 *
 * React keeps a controlled field's default value (the `value` attribute) equal to its
 * current value, so for those fields "value differs from default" never holds and the
 * `input` events their typing fires are the only evidence.
 */
const typedInto = new WeakSet<EventTarget>();
let lastFocused: EventTarget | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'input',
    (event) => {
      if (event.target) typedInto.add(event.target);
    },
    true,
  );
  document.addEventListener(
    'focusin',
    (event) => {
      lastFocused = event.target;
    },
    true,
  );
}

/** Whether the shopper typed into this field since the page loaded. */
export function wasTypedInto(field: EventTarget): boolean {
  return typedInto.has(field);
}

/** Whether this was the last element to take the focus (it may since have been removed). */
export function wasFocusedLast(field: EventTarget): boolean {
  return lastFocused === field;
}
