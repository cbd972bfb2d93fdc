import { render, screen } from '@testing-library/react';
import StarRating from './StarRating';

test.each([0, 1, 3, 5])('a rating of %i shows that many stars', (rating) => {
  render(<StarRating rating={rating} />);
  expect(screen.queryAllByTestId('star')).toHaveLength(rating);
  expect(screen.getByRole('img')).toHaveAccessibleName(
    rating === 1 ? 'Rated 1 star out of 5' : `Rated ${rating} stars out of 5`,
  );
});

test('a rating outside 0 to 5 is held to the scale', () => {
  const { rerender } = render(<StarRating rating={9} />);
  expect(screen.queryAllByTestId('star')).toHaveLength(5);
  rerender(<StarRating rating={-2} />);
  expect(screen.queryAllByTestId('star')).toHaveLength(0);
});
