/**
 * Cards waiting to draw their content, a row's worth per animation frame.
 *
 * A fling on a phone can bring several rows into the window between two frames. Drawing all
 * their cards in one go is one long task (style, layout and paint of every card at once),
 * and most of those cards have scrolled past before anyone sees them. So a card that is not
 * on the first screen mounts as an empty frame of its own size and asks here for its turn:
 * each frame draws the content of the next few cards (first asked, first drawn), and a card
 * that unmounts before its turn takes its place back, costing nothing more.
 */

type Draw = () => void;

const waiting = new Set<Draw>();
let perFrame = 1;
let scheduled = 0;

function drawSome() {
  scheduled = 0;
  let left = perFrame;
  for (const draw of waiting) {
    if (left === 0) break;
    waiting.delete(draw);
    draw();
    left -= 1;
  }
  if (waiting.size > 0) scheduled = window.requestAnimationFrame(drawSome);
}

/**
 * Calls `draw` in a coming animation frame, at most `cardsPerFrame` cards a frame (the
 * latest number asked for), in the order asked. Returns a cancel, for a card that unmounts
 * first.
 */
export function queueCardContent(draw: Draw, cardsPerFrame: number): () => void {
  perFrame = Math.max(1, Math.floor(cardsPerFrame));
  waiting.add(draw);
  if (!scheduled) scheduled = window.requestAnimationFrame(drawSome);
  return () => {
    waiting.delete(draw);
    if (waiting.size === 0 && scheduled) {
      window.cancelAnimationFrame(scheduled);
      scheduled = 0;
    }
  };
}
