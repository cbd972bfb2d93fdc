/**
 * Taps on a server-rendered page before React has taken the tapped part over. The page is on
 * screen before the storefront's code has run, and React hydrates it part by part, a lazily
 * loaded piece of the page (the shop's category chips, its "no results" panel) once that
 * piece's code has arrived. A control that is not hydrated yet has no
 * handler, and React drops a click on it, so a tap on Add to cart or a FAQ question would do
 * nothing. Such taps are held, and carried out in order once the page is taken over
 * (PageOutlet reports it) and their control is hydrated. After that, a tap on a hydrated
 * control goes straight to React.
 *
 * A signed-in shopper's page is rendered afresh over the server's (src/index.tsx), so its
 * controls are new elements: a held tap goes to the one new control with the same tag and the
 * same name, and is dropped when there is none (the card now shows the cart's stepper, say).
 *
 * Links are left alone: they work without the app. A held control's own default (a form's
 * submit) is prevented; its click, carried out, does what the app does with it.
 */

/** What a tap is held for: the controls whose work is the app's. */
const CONTROLS =
  'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"]';

/** More taps than this waiting at once are a frustrated shopper's repeats, not intent. */
const MAX_HELD = 3;

/** How long a held tap waits for its control to be there and hydrated, once the page is. */
const HYDRATION_WAIT_MS = 5_000;
const HYDRATION_POLL_MS = 50;

interface HeldTap {
  control: HTMLElement;
  /** The control's tag and name, to find it again in a page rendered afresh. */
  tag: string;
  name: string;
  deadline: number;
}

let root: Element | null = null;
const held: HeldTap[] = [];
/**
 * The page has been hydrated (or rendered afresh) and committed: PageOutlet says so. Until
 * then an element may carry React's fiber from a render still in progress, and React ignores
 * a click on it.
 */
let pageTakenOver = false;
/** The next look at the held taps, while some wait. */
let pollTimer: ReturnType<typeof setTimeout> | null = null;
/** A held tap being carried out: its click is the app's, not a new tap. */
let replaying = false;

function nameOf(control: Element): string {
  return (control.getAttribute('aria-label') ?? control.textContent).trim();
}

/**
 * Whether React has hydrated (or rendered) this element: it keeps its fiber on the element
 * under a `__reactFiber$` key (React 17 to 19). An element of the server's HTML that React
 * has not reached yet has none.
 */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/** The element to carry the tap out on: the one tapped, or its one namesake in a new page. */
function targetOf(tap: HeldTap, container: Element): HTMLElement | null {
  if (tap.control.isConnected) return tap.control;
  const namesakes = Array.from(container.querySelectorAll<HTMLElement>(tap.tag)).filter(
    (element) => nameOf(element) === tap.name,
  );
  return namesakes.length === 1 ? (namesakes[0] ?? null) : null;
}

function carryOut(container: Element): void {
  if (pollTimer !== null) clearTimeout(pollTimer);
  pollTimer = null;
  for (let tap = held[0]; tap; tap = held[0]) {
    const target = targetOf(tap, container);
    // Not there yet (a card drawn a moment later) or not hydrated yet: wait, for a while.
    const ready = pageTakenOver && target !== null && isHydrated(target);
    if (!pageTakenOver || (!ready && Date.now() < tap.deadline)) {
      pollTimer = setTimeout(() => carryOut(container), HYDRATION_POLL_MS);
      return;
    }
    held.shift();
    if (ready && !target.matches(':disabled')) {
      replaying = true;
      try {
        target.click();
      } finally {
        replaying = false;
      }
    }
  }
}

function holdTap(event: MouseEvent) {
  if (!root || replaying || !(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(CONTROLS);
  if (!control || !root.contains(control) || control.closest('a[href]')) return;
  // React's own, and nothing held before it: the tap is the app's to handle now.
  if (pageTakenOver && isHydrated(control) && held.length === 0) return;
  if (control.matches(':disabled, [aria-disabled="true"]')) return;
  event.preventDefault();
  event.stopPropagation();
  if (held.length >= MAX_HELD) return;
  held.push({
    control,
    tag: control.tagName,
    name: nameOf(control),
    deadline: Date.now() + HYDRATION_WAIT_MS,
  });
  if (pollTimer === null) carryOut(root);
}

/** Starts holding taps on controls inside `container` (a server-rendered page). */
export function holdEarlyTaps(container: Element): void {
  if (root) return;
  root = container;
  document.addEventListener('click', holdTap, true);
}

/**
 * The page is hydrated or rendered, and committed (PageOutlet): held taps are carried out as
 * their controls are ready, each within five seconds from now.
 */
export function pageIsTakenOver(): void {
  if (pageTakenOver) return;
  pageTakenOver = true;
  const deadline = Date.now() + HYDRATION_WAIT_MS;
  for (const tap of held) tap.deadline = deadline;
  if (root) carryOut(root);
}

/** No more taps are held (the page has long been taken over); those held are still carried out. */
export function stopHoldingTaps(): void {
  document.removeEventListener('click', holdTap, true);
  root = null;
  // A page never taken over (its code did not arrive) will not carry them out.
  if (!pageTakenOver) held.length = 0;
}
