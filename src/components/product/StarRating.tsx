import { styled } from '@mui/material/styles';
import { theme } from '../../theme/theme';

const MAX_STARS = 5;
/** Each star's width and height, in px. */
export const STAR_SIZE = 20;

/** A star's corners in a 24-unit box. */
const STAR_POINTS = [
  [12, 17.27],
  [18.18, 21],
  [16.54, 13.97],
  [22, 9.24],
  [14.81, 8.63],
  [12, 2],
  [9.19, 8.63],
  [2, 9.24],
  [7.46, 13.97],
  [5.82, 21],
] as const;

/** One path drawing `count` stars side by side, each in its own 24-unit box. */
function starsPath(count: number): string {
  let d = '';
  for (let star = 0; star < count; star += 1) {
    const dx = 24 * star;
    d += `M${STAR_POINTS.map(([x, y]) => `${+(x + dx).toFixed(2)} ${y}`).join('L')}z`;
  }
  return d;
}

const PATHS = Array.from({ length: MAX_STARS + 1 }, (_, count) => starsPath(count));

// One <svg> with one <path> for all the stars, styled once from the app's theme (a plain
// object): every card has a rating, and the shop grid mounts a row of cards at a time.
const Stars = styled('svg')({
  display: 'block',
  flexShrink: 0,
  height: STAR_SIZE,
  fill: theme.palette.secondary.dark,
});

/** As many stars as the rating (docs/product.md#numbers-and-limits), announced as words for screen readers. */
export default function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  const label = stars === 1 ? 'Rated 1 star out of 5' : `Rated ${stars} stars out of 5`;
  return (
    <Stars
      role="img"
      aria-label={label}
      viewBox={`0 0 ${24 * stars} 24`}
      width={STAR_SIZE * stars}
      height={STAR_SIZE}
      focusable="false"
    >
      {stars > 0 ? <path d={PATHS[stars]} /> : null}
    </Stars>
  );
}
