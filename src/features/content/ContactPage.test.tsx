import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { env } from '../../config/env';
import { brand } from '../../lib/brand';
import ContactPage from './ContactPage';

const sendUrl = `${env.emailjs.origin || window.location.origin}/api/v1.0/email/send`;

const typed = {
  name: 'Tunde Bakare',
  email: 'tunde.bakare@example.ng',
  message: 'Do you deliver to Akobo? I would like 2 bags of rice every month.',
};

function fields() {
  return {
    name: screen.getByRole('textbox', { name: /your name/i }),
    email: screen.getByRole('textbox', { name: /email address/i }),
    message: screen.getByRole('textbox', { name: /message/i }),
    send: screen.getByRole('button', { name: /send message|sending/i }),
  };
}

async function fillForm(user: ReturnType<typeof renderWithProviders>['user']) {
  const { name, email, message } = fields();
  // Pasting is as real as typing for these tests, and much faster than one key at a time.
  for (const [field, text] of [
    [name, typed.name],
    [email, typed.email],
    [message, typed.message],
  ] as const) {
    await user.click(field);
    await user.paste(text);
  }
}

test('the info block gives the address, phone, email and opening hours', () => {
  renderWithProviders(<ContactPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  expect(screen.getByText(brand.address)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: brand.phone })).toHaveAttribute('href', brand.phoneHref);
  expect(screen.getByRole('link', { name: brand.email })).toHaveAttribute(
    'href',
    `mailto:${brand.email}`,
  );
  expect(screen.getByText(brand.supportHours)).toBeInTheDocument();
  expect(document.title).toBe('Contact us | Ibadan Market');
});

test('an empty form shows three errors, focuses the first field and sends nothing', async () => {
  const sent = jest.fn();
  server.use(
    http.post(sendUrl, () => {
      sent();
      return new HttpResponse('OK', { status: 200 });
    }),
  );
  const { user } = renderWithProviders(<ContactPage />);
  await user.click(fields().send);

  expect(screen.getByText('Please enter your name')).toBeInTheDocument();
  expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
  expect(screen.getByText('Please enter your message')).toBeInTheDocument();
  const { name, email, message } = fields();
  for (const field of [name, email, message]) {
    expect(field).toBeInvalid();
    expect(field).toBeRequired();
  }
  expect(name).toHaveAccessibleDescription('Please enter your name');
  expect(name).toHaveFocus();
  expect(sent).not.toHaveBeenCalled();
});

test('an email address without a domain is refused when the field is left', async () => {
  const { user } = renderWithProviders(<ContactPage />);
  const { email, message } = fields();
  await user.type(email, 'tunde@example');
  await user.click(message);
  expect(
    screen.getByText('Please enter a valid email address, like ade@example.com'),
  ).toBeInTheDocument();
  expect(email).toBeInvalid();

  await user.type(email, '.ng');
  expect(
    screen.queryByText('Please enter a valid email address, like ade@example.com'),
  ).not.toBeInTheDocument();
  expect(email).toBeValid();
});

test('the contact form takes the email addresses the server takes: a one-letter ending is refused', async () => {
  const { user } = renderWithProviders(<ContactPage />);
  const { email, message } = fields();
  await user.type(email, 'tunde@example.n');
  await user.click(message);
  expect(
    screen.getByText('Please enter a valid email address, like ade@example.com'),
  ).toBeInTheDocument();
  expect(email).toBeInvalid();

  await user.type(email, 'g');
  expect(email).toBeValid();
});

test('a sent message goes through EmailJS with the service, template and public key, then the form empties', async () => {
  let body: unknown;
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post(sendUrl, async ({ request }) => {
      body = await request.json();
      await answered;
      return new HttpResponse('OK', { status: 200 });
    }),
  );
  const { user } = renderWithProviders(<ContactPage />);
  await fillForm(user);
  await user.click(fields().send);

  await waitFor(() => expect(fields().send).toBeDisabled());
  expect(fields().send).toHaveTextContent('Sending…');
  release();

  expect(await screen.findByText('Message successfully sent!')).toBeInTheDocument();
  expect(body).toMatchObject({
    service_id: env.emailjs.serviceId,
    template_id: env.emailjs.templateId,
    user_id: env.emailjs.publicKey,
    template_params: typed,
  });
  const { name, email, message, send } = fields();
  expect(name).toHaveValue('');
  expect(email).toHaveValue('');
  expect(message).toHaveValue('');
  expect(send).toBeEnabled();
  expect(screen.queryByText('Please enter your name')).not.toBeInTheDocument();
});

test('a failed send says so and keeps what was typed', async () => {
  server.use(
    http.post(sendUrl, () => new HttpResponse('The service ID is invalid', { status: 400 })),
  );
  const { user } = renderWithProviders(<ContactPage />);
  await fillForm(user);
  await user.click(fields().send);

  expect(await screen.findByText('Message failed to send')).toBeInTheDocument();
  const { name, email, message, send } = fields();
  expect(name).toHaveValue(typed.name);
  expect(email).toHaveValue(typed.email);
  expect(message).toHaveValue(typed.message);
  expect(send).toBeEnabled();
  expect(screen.queryByText('Message successfully sent!')).not.toBeInTheDocument();
});

test('an answer other than 200 OK counts as a failure', async () => {
  server.use(http.post(sendUrl, () => new HttpResponse('Queued', { status: 200 })));
  const { user } = renderWithProviders(<ContactPage />);
  await fillForm(user);
  await user.click(fields().send);
  expect(await screen.findByText('Message failed to send')).toBeInTheDocument();
  expect(fields().message).toHaveValue(typed.message);
});
