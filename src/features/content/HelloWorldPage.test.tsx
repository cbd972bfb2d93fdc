import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import HelloWorldPage from './HelloWorldPage';

test('the placeholder page says Hello world', () => {
  renderWithProviders(<HelloWorldPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Hello world' })).toBeInTheDocument();
  expect(document.title).toBe('Hello world | Ibadan Market');
});
