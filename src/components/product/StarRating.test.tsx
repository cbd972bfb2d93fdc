import { render, screen } from '@testing-library/react';
import { starsDrawn } from '../../testing/stars';
import StarRating, { STAR_SIZE } from './StarRating';

/** The stars drawn, in a box as wide as that many stars. */
function starsShown(): number {
  const stars = screen.getByRole('img');
  const drawn = starsDrawn(stars);
  expect(stars).toHaveAttribute('width', String(drawn * STAR_SIZE));
  return drawn;
}

test.each([0, 1, 3, 5])('a rating of %i shows that many stars', (rating) => {
  render(<StarRating rating={rating} />);
  expect(starsShown()).toBe(rating);
  expect(screen.getByRole('img')).toHaveAccessibleName(
    rating === 1 ? 'Rated 1 star out of 5' : `Rated ${rating} stars out of 5`,
  );
});

test('a rating between whole stars is rounded, and one outside 0 to 5 is held to the scale', () => {
  const { rerender } = render(<StarRating rating={3.6} />);
  expect(starsShown()).toBe(4);
  rerender(<StarRating rating={9} />);
  expect(starsShown()).toBe(5);
  rerender(<StarRating rating={-2} />);
  expect(starsShown()).toBe(0);
});
