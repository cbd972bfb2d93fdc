import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { brand } from '../../lib/brand';
import { mockShop } from '../../testing/orderHandlers';
import Footer from './Footer';

test('the footer links every company page where the spec sends it', () => {
  renderWithProviders(<Footer />);
  const footer = screen.getByRole('contentinfo');
  const expected: [string, string][] = [
    ['About Us', '/faq'],
    ['How it works', '/faq'],
    ['Terms and conditions', '/policies'],
    ['Shop', '/shop'],
    ['Vendors', '/vendors'],
    ['Become a Vendor', '/contact'],
    ['FAQs', '/faq'],
    ['Contact Us', '/contact'],
  ];
  for (const [name, href] of expected) {
    expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
  }
  expect(within(footer).getByRole('link', { name: 'Ibadan Market' })).toHaveAttribute('href', '/');
});

test('the footer gives the address, phone, email and every social link', () => {
  renderWithProviders(<Footer />);
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByText(brand.address)).toBeInTheDocument();
  for (const phone of within(footer).getAllByRole('link', { name: brand.phone })) {
    expect(phone).toHaveAttribute('href', brand.phoneHref);
  }
  for (const email of within(footer).getAllByRole('link', { name: brand.email })) {
    expect(email).toHaveAttribute('href', `mailto:${brand.email}`);
  }
  const socials = within(footer).getByRole('list', { name: 'Social media' });
  for (const social of brand.social) {
    const link = within(socials).getByRole('link', { name: `${social.name} (opens in a new tab)` });
    expect(link).toHaveAttribute('href', social.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  }
});

test('the app downloads are marked Coming soon and lead nowhere', () => {
  renderWithProviders(<Footer />);
  for (const platform of ['Android', 'iOS']) {
    const button = screen.getByRole('button', { name: new RegExp(`^${platform} app`) });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Coming soon');
    expect(button).not.toHaveAttribute('href');
  }
});

test('the support note gives the hours, and the year and company close the footer', () => {
  renderWithProviders(<Footer />);
  expect(screen.getByText(/need help with an order/i)).toBeInTheDocument();
  expect(
    screen.getByText(new RegExp(brand.supportHours.replace(/[()]/g, '\\$&'))),
  ).toBeInTheDocument();
  expect(
    screen.getByText(`© ${new Date().getFullYear()} ${brand.legalName}. All rights reserved.`),
  ).toBeInTheDocument();
});

test('the footer shows the address, phone and WhatsApp number the owner set', async () => {
  Object.assign(mockShop, {
    address: '22 Bodija Market Road, Ibadan',
    phone: '08091112222',
    whatsapp_number: '2348091112222',
  });
  renderWithProviders(<Footer />);
  const footer = screen.getByRole('contentinfo');
  expect(await within(footer).findByText('22 Bodija Market Road, Ibadan')).toBeInTheDocument();
  const phones = within(footer).getAllByRole('link', { name: '+234 809 111 2222' });
  expect(phones.length).toBeGreaterThan(0);
  for (const phone of phones) expect(phone).toHaveAttribute('href', 'tel:+2348091112222');
  expect(within(footer).getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/2348091112222',
  );
});
