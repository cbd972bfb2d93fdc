import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import MainLayout from '../../components/layouts/MainLayout';
import ContactPage from './ContactPage';
import FaqPage from './FaqPage';
import HelloWorldPage from './HelloWorldPage';
import HomePage from './HomePage';
import NotFoundPage from './NotFoundPage';
import PoliciesPage from './PoliciesPage';
import VendorsPage from './VendorsPage';

const pages: [string, string, ComponentType, string][] = [
  ['/home', 'Home', HomePage, 'Home | Ibadan Market'],
  ['/vendors', 'Vendors', VendorsPage, 'Vendors | Ibadan Market'],
  ['/faq', 'FAQ', FaqPage, 'FAQ | Ibadan Market'],
  ['/contact', 'Contact', ContactPage, 'Contact us | Ibadan Market'],
  ['/policies', 'Policies', PoliciesPage, 'Terms and conditions | Ibadan Market'],
  ['/hello-world', 'Hello world', HelloWorldPage, 'Hello world | Ibadan Market'],
  ['/nowhere', 'Not found', NotFoundPage, 'Page not found | Ibadan Market'],
];

test.each(pages)(
  'at %s the %s page has one h1, headings that never skip a level, and its own title',
  (route, _name, Page, title) => {
    document.title = '';
    renderWithProviders(
      <Routes>
        <Route element={<MainLayout />}>
          <Route path="*" element={<Page />} />
        </Route>
      </Routes>,
      { route },
    );
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.replace(/^H/, '')));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    expect(document.title).toBe(title);
  },
);
