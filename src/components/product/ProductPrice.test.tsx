import { render, screen } from '@testing-library/react';
import ProductPrice, { SavingText } from './ProductPrice';

test('a discounted price: the price after the discount, then the original struck through', () => {
  render(<ProductPrice product={{ amount: 12500, disc_amount: 1500 }} size="large" />);
  expect(screen.getByText(/₦ 11,000/)).toHaveTextContent('Price: ₦ 11,000');
  const original = screen.getByText(/₦ 12,500/);
  expect(original.tagName).toBe('S');
  expect(original).toHaveTextContent('was ₦ 12,500');
});

test('no discount: the amount alone', () => {
  render(<ProductPrice product={{ amount: 12500, disc_amount: null }} />);
  expect(screen.getByText(/₦ 12,500/)).toHaveTextContent(/^Price: ₦ 12,500$/);
  expect(screen.queryByText(/was/)).not.toBeInTheDocument();
});

test('a saving reads “You save” and the amount', () => {
  render(<SavingText product={{ amount: 6500, disc_amount: 500 }} />);
  expect(screen.getByText('You save ₦ 500')).toBeInTheDocument();
});

test.each([null, 0])('a disc_amount of %p says nothing about saving', (disc_amount) => {
  const { container } = render(<SavingText product={{ amount: 6500, disc_amount }} />);
  expect(screen.queryByText(/You save/)).not.toBeInTheDocument();
  expect(container).toHaveTextContent(/^$/);
});
