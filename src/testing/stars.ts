/**
 * How many stars a StarRating draws: its one path holds one outline (a move-to) per star.
 * For tests and story plays, which check the drawing, not only the words.
 */
export function starsDrawn(rating: Element): number {
  const path = rating.querySelector('path')?.getAttribute('d') ?? '';
  return path.split('M').length - 1;
}
