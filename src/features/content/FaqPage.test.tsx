import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import FaqPage from './FaqPage';

const questions = [
  'What is Ibadan Market?',
  'How does it work?',
  'Who are the vendors?',
  'How can I become a vendor?',
];

function question(name: string) {
  return screen.getByRole('button', { name });
}

test('the four questions are headed buttons, all closed at first', () => {
  renderWithProviders(<FaqPage />);
  expect(
    screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeInTheDocument();
  for (const name of questions) {
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(question(name)).toHaveAttribute('aria-expanded', 'false');
  }
  expect(document.title).toBe('FAQ | Ibadan Market');
});

test('one answer is open at a time, and clicking the open question closes it', async () => {
  const { user } = renderWithProviders(<FaqPage />);

  await user.click(question('What is Ibadan Market?'));
  expect(question('What is Ibadan Market?')).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('region', { name: 'What is Ibadan Market?' })).toHaveTextContent(
    /online marketplace for groceries/,
  );

  await user.click(question('How can I become a vendor?'));
  expect(question('How can I become a vendor?')).toHaveAttribute('aria-expanded', 'true');
  expect(question('What is Ibadan Market?')).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

  await user.click(question('How can I become a vendor?'));
  expect(question('How can I become a vendor?')).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
});

test('the questions open from the keyboard', async () => {
  const { user } = renderWithProviders(<FaqPage />);
  await user.tab();
  await user.tab();
  expect(question('How does it work?')).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(question('How does it work?')).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard(' ');
  expect(question('How does it work?')).toHaveAttribute('aria-expanded', 'false');
});

test('the Contact button leads to the contact page', () => {
  renderWithProviders(<FaqPage />);
  expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
});
