import { columnsForWidth, gridMetrics, visibleRows } from './gridMetrics';

test.each([
  [343, 2], // a 375 px phone, less the page's margins
  [559, 2],
  [560, 3],
  [720, 3], // a tablet held upright
  [879, 3],
  [880, 4],
  [1152, 4], // a wide screen: four a row, as the spec asks
])('a grid %i px wide has %i columns', (width, columns) => {
  expect(columnsForWidth(width)).toBe(columns);
});

test('every card of a layout has the same height, so rows are uniform', () => {
  const phone = gridMetrics(343);
  expect(phone.columns * phone.cardWidth + (phone.columns - 1) * phone.gap).toBeCloseTo(343);
  expect(Number.isInteger(phone.cardHeight)).toBe(true);
  expect(phone.rowStride).toBe(phone.cardHeight + phone.gap);
  expect(phone.compact).toBe(true);
  expect(gridMetrics(1152).compact).toBe(false);
});

test('the rows to draw: those in the viewport plus the overscan, held to the grid', () => {
  // Rows 100 px apart, a 350 px viewport, the grid starting 50 px down the page.
  expect(visibleRows(50, 350, 100, 1000, 2)).toEqual({ start: 0, end: 5 });
  // Scrolled so the grid's top is 1,000 px above the viewport: rows 10 to 13 are in view.
  expect(visibleRows(-1000, 350, 100, 1000, 2)).toEqual({ start: 8, end: 16 });
  // Near the end: held to the last row.
  expect(visibleRows(-99_900, 350, 100, 1000, 2)).toEqual({ start: 997, end: 1000 });
  // Scrolled past the grid altogether: nothing to draw.
  expect(visibleRows(-200_000, 350, 100, 1000, 2)).toEqual({ start: 1000, end: 1000 });
  expect(visibleRows(0, 350, 100, 0, 2)).toEqual({ start: 0, end: 0 });
});
