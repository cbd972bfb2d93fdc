import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import PoliciesPage, { TERMS_LAST_UPDATED } from './PoliciesPage';

/** The headings the terms cover (docs/product.md#content-pages). */
const required = [
  /registration/i,
  /terms of sale/i,
  /returns and refunds/i,
  /payments/i,
  /acceptable use/i,
  /data privacy/i,
  /role as a marketplace/i,
  /liability/i,
  /violations/i,
  /severability/i,
  /third-party rights/i,
  /governing law/i,
];

test('the terms cover every heading of the spec, each reachable from the contents', () => {
  renderWithProviders(<PoliciesPage />);
  expect(
    screen.getByRole('heading', { level: 1, name: 'Terms and conditions' }),
  ).toBeInTheDocument();
  const contents = screen.getByRole('navigation', { name: 'Contents' });
  for (const title of required) {
    const section = screen.getByRole('region', { name: title });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(title);
    expect(within(contents).getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `#${section.id}`,
    );
  }
  expect(document.title).toBe('Terms and conditions | Ibadan Market');
});

test('the terms name Nigerian law, Paystack and the last update', () => {
  renderWithProviders(<PoliciesPage />);
  expect(screen.getByText(TERMS_LAST_UPDATED)).toBeInTheDocument();
  const privacy = screen.getByRole('region', { name: /data privacy/i });
  expect(privacy).toHaveTextContent('Nigeria Data Protection Act 2023');
  const payments = screen.getByRole('region', { name: /payments/i });
  expect(payments).toHaveTextContent(/Paystack/);
  expect(payments).toHaveTextContent(/naira/);
  const law = screen.getByRole('region', { name: /governing law/i });
  expect(law).toHaveTextContent(/Federal Republic of Nigeria/);
  expect(law).toHaveTextContent(/courts of Oyo State/);
  expect(screen.getByRole('region', { name: /returns and refunds/i })).toHaveTextContent(
    'Federal Competition and Consumer Protection Act 2018',
  );
});
