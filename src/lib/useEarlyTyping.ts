/**
 * What the shopper typed on the server's page before the app took it over. The page's fields
 * take typing from its first paint, seconds before the app's code has arrived on a slow
 * network; what was typed is handed to the app's field, as if typed there.
 *
 * - A page the app hydrates keeps its elements: React leaves a field's typed value in place
 *   (React 19), and the field's state is told of it.
 * - A page rendered afresh (a signed-in shopper's) replaces them: app/start.tsx notes the
 *   server's fields first, and the app's field takes the value, and the focus and caret,
 *   from the one with the same label.
 */
import { useLayoutEffect, useRef, type Ref, type RefCallback } from 'react';
import useForkRef from '@mui/utils/useForkRef';
import { wasFocusedLast, wasTypedInto } from './typingWatch';

type Field = HTMLInputElement | HTMLTextAreaElement;

interface ServerField {
  field: Field;
  label: string;
}

/** The server page's fields, noted just before a page rendered afresh replaces them. */
let serverFields: ServerField[] = [];

/** A field's name for finding its namesake in the other page: its label, else its own name. */
function labelOf(field: Field): string {
  const labels = Array.from(field.labels ?? [], (label) => label.textContent.trim());
  return labels.join(' ') || field.getAttribute('aria-label') || field.name;
}

/** Notes the fields of the server's page in `root`, which the app is about to render over. */
export function noteServerFields(root: ParentNode): void {
  serverFields = Array.from(root.querySelectorAll<Field>('input, textarea'), (field) => ({
    field,
    label: labelOf(field),
  }));
}

/** Puts the focus and caret back where they were in the field this one replaces. */
function refocus(field: Field, replaced: Field): void {
  const active = document.activeElement;
  // The shopper has moved on to something else since: leave the focus there.
  if (!wasFocusedLast(replaced) || (active !== null && active !== document.body)) return;
  field.focus();
  try {
    field.setSelectionRange(replaced.selectionStart, replaced.selectionEnd);
  } catch {
    // A number field has no caret to place.
  }
}

/** What was typed for `field` before the app had it, or null. Taken once. */
function takeTyped(field: Field, value: string): string | null {
  // Hydrated: the element is the server's, with what was typed still in it.
  if (field.value !== value) return field.value;
  const label = labelOf(field);
  const index = serverFields.findIndex(
    (noted) => !noted.field.isConnected && noted.label === label && wasTypedInto(noted.field),
  );
  const noted = serverFields[index];
  if (!noted) return null;
  serverFields.splice(index, 1);
  const typed = noted.field.value;
  // In the field before the caret is placed: the field's state then agrees with it, and the
  // render that follows leaves it (and the caret) alone.
  field.value = typed;
  refocus(field, noted.field);
  return typed === value ? null : typed;
}

/**
 * A ref for a controlled field showing `value` (passed on to `ref`, the field's own): when
 * the field first appears, what the shopper typed for it on the server's page is passed to
 * `onTyped`, like a keystroke's change. A field the app draws itself shows `value` already,
 * and nothing is passed.
 */
export function useEarlyTyping<T extends Field>(
  value: string,
  onTyped: (typed: string) => void,
  ref?: Ref<T>,
): RefCallback<T> | null {
  const own = useRef<T>(null);
  const taken = useRef(false);
  useLayoutEffect(() => {
    // Once, as the field appears: later renders are the app's own.
    if (taken.current || !own.current) return;
    taken.current = true;
    const typed = takeTyped(own.current, value);
    if (typed !== null) onTyped(typed);
  }, [value, onTyped]);
  return useForkRef(own, ref);
}
