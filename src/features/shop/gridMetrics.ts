/**
 * The shop grid's geometry, from the width it is given. Every card in a layout has the same
 * height, so every row does too: the windowed grid can tell which rows are on screen from
 * the scroll position alone, without measuring a single card.
 */

/** Below this width: phones, two cards a row. */
export const PHONE_MAX_WIDTH = 560;
/** Below this width: tablets, three a row. From here up: four, as the spec asks. */
export const TABLET_MAX_WIDTH = 880;

/** Padding round the image inside a card. */
export const IMAGE_INSET = 8;
/** The image's width over its height: fixed, so nothing shifts as images arrive. */
export const IMAGE_RATIO = 4 / 3;
/** Everything under the image (name, stars, price, saving, buttons), in px. */
export const BODY_HEIGHT = { compact: 166, regular: 172 } as const;

export interface GridMetrics {
  columns: number;
  /** Space between cards, across and down. */
  gap: number;
  cardWidth: number;
  cardHeight: number;
  /** From the top of one row to the top of the next. */
  rowStride: number;
  compact: boolean;
}

export function columnsForWidth(width: number): number {
  if (width < PHONE_MAX_WIDTH) return 2;
  if (width < TABLET_MAX_WIDTH) return 3;
  return 4;
}

export function gridMetrics(width: number): GridMetrics {
  const safeWidth = Math.max(width, 240);
  const columns = columnsForWidth(safeWidth);
  const compact = safeWidth < PHONE_MAX_WIDTH;
  const gap = compact ? 12 : 20;
  const cardWidth = (safeWidth - gap * (columns - 1)) / columns;
  const imageHeight = (cardWidth - 2 * IMAGE_INSET) / IMAGE_RATIO;
  const cardHeight = Math.ceil(
    IMAGE_INSET + imageHeight + (compact ? BODY_HEIGHT.compact : BODY_HEIGHT.regular),
  );
  return { columns, gap, cardWidth, cardHeight, rowStride: cardHeight + gap, compact };
}

/** Rows drawn beyond each edge of the viewport, so fast scrolling and Tab never meet a gap. */
export const OVERSCAN_ROWS = 2;

export interface RowRange {
  /** First row drawn. */
  start: number;
  /** One past the last row drawn. */
  end: number;
}

/**
 * The rows to draw: those between the viewport's edges plus the overscan. `gridTop` is the
 * grid's top edge relative to the viewport (negative once scrolled past), as
 * getBoundingClientRect gives it.
 */
export function visibleRows(
  gridTop: number,
  viewportHeight: number,
  rowStride: number,
  rowCount: number,
  overscan = OVERSCAN_ROWS,
): RowRange {
  if (rowCount <= 0 || rowStride <= 0) return { start: 0, end: 0 };
  const first = Math.floor(-gridTop / rowStride);
  const last = Math.ceil((viewportHeight - gridTop) / rowStride);
  const start = Math.min(Math.max(first - overscan, 0), rowCount);
  const end = Math.min(Math.max(last + overscan, start), rowCount);
  return { start, end };
}
