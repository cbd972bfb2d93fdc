import { render, screen } from '@testing-library/react';
import { styled } from '@mui/material/styles';
import isPropValid from './forwardedProps';

// Under jest, as in the build, Emotion asks this module (jest.config.ts).
const Tag = styled('span')<{ $tone?: 'warm' | 'cool' }>(({ $tone }) => ({
  color: $tone === 'warm' ? 'rgb(200, 0, 0)' : 'rgb(0, 0, 200)',
}));

test("a styled element passes on the element's props, and keeps its styles' own to itself", () => {
  render(
    <Tag $tone="warm" aria-label="Discount" data-kind="badge" title="10% off" sx={{ m: 1 }}>
      -10%
    </Tag>,
  );
  const tag = screen.getByLabelText('Discount');
  expect(tag).toHaveAttribute('data-kind', 'badge');
  expect(tag).toHaveAttribute('title', '10% off');
  expect(tag).not.toHaveAttribute('$tone');
  expect(tag).not.toHaveAttribute('sx');
  expect(getComputedStyle(tag).color).toBe('rgb(200, 0, 0)');
});

test('what styling alone reads is never an attribute', () => {
  for (const prop of ['as', 'sx', 'theme', 'ownerState', '$tone'])
    expect(isPropValid(prop)).toBe(false);
  for (const prop of ['id', 'onClick', 'aria-hidden', 'data-x', 'htmlFor'])
    expect(isPropValid(prop)).toBe(true);
});
