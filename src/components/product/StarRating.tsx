import { styled } from '@mui/material/styles';

const MAX_STARS = 5;
const STAR =
  'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';

// One plain SVG for all the stars (not an icon component per star): every card has a rating,
// and the shop grid mounts a row of cards at a time while scrolling.
const Stars = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 20,
  color: theme.palette.secondary.dark,
  '& svg': { height: 20, fill: 'currentColor', flexShrink: 0 },
}));

/** As many stars as the rating (spec section 9), announced as words for screen readers. */
export default function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  const label = stars === 1 ? 'Rated 1 star out of 5' : `Rated ${stars} stars out of 5`;
  return (
    <Stars role="img" aria-label={label}>
      {stars > 0 ? (
        <svg
          viewBox={`0 0 ${24 * stars} 24`}
          width={20 * stars}
          aria-hidden="true"
          focusable="false"
        >
          {Array.from({ length: stars }, (_, i) => (
            <path
              key={i}
              d={STAR}
              transform={i === 0 ? undefined : `translate(${24 * i} 0)`}
              data-testid="star"
            />
          ))}
        </svg>
      ) : null}
    </Stars>
  );
}
