import Box from '@mui/material/Box';
import Star from '@mui/icons-material/Star';

const MAX_STARS = 5;

/** As many stars as the rating (spec section 9), announced as words for screen readers. */
export default function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  const label = stars === 1 ? 'Rated 1 star out of 5' : `Rated ${stars} stars out of 5`;
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 20, color: 'secondary.dark' }}
    >
      {Array.from({ length: stars }, (_, i) => (
        <Star key={i} fontSize="small" aria-hidden="true" data-testid="star" />
      ))}
    </Box>
  );
}
