import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import AppForm, { FormAlert } from './AppForm';
import { EmailField, PhoneField } from './fields';
import { serverProblems } from './serverProblems';
import { useAppForm } from './useAppForm';

interface Values {
  email: string;
  mobile_number: string;
}

const unprocessable = {
  status: 422,
  data: { detail: [{ loc: ['body', 'user_mobile'], msg: 'Mobile number taken', type: 'value' }] },
};

function Harness({ answer }: { answer?: unknown }) {
  const form = useAppForm<Values>({
    defaultValues: { email: '', mobile_number: '' },
    rules: (values) => ({
      email: values.email === '' ? 'Enter your email address' : undefined,
      mobile_number: values.mobile_number === '' ? 'Enter your mobile number' : undefined,
    }),
  });
  return (
    <AppForm
      form={form}
      aria-label="Test"
      onSubmit={() =>
        form.showProblems(serverProblems(answer, { user_mobile: 'mobile_number' as const }))
      }
    >
      <FormAlert message={form.formError} />
      <EmailField<Values> />
      <PhoneField<Values> />
      <button type="submit">Send</button>
    </AppForm>
  );
}

describe('the form layer', () => {
  it('shows a rule’s words under its field and focuses the first problem on submit', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Mobile number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.queryByText('Enter your mobile number')).not.toBeInTheDocument();
  });

  it('does not scold a blank field the shopper only passed through', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByLabelText('Email address'));
    await user.tab();
    expect(screen.queryByText('Enter your email address')).not.toBeInTheDocument();
  });

  it('puts a 422 answer beside the field it names, focused, until that field is edited', async () => {
    const { user } = renderWithProviders(<Harness answer={unprocessable} />);
    await user.type(screen.getByLabelText('Email address'), 'ade@example.com');
    const mobile = screen.getByLabelText('Mobile number');
    await user.type(mobile, '08031234567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mobile number taken')).toBeInTheDocument();
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await user.type(mobile, '8');
    expect(screen.queryByText('Mobile number taken')).not.toBeInTheDocument();
  });

  it('shows an answer no field names above the form', async () => {
    const { user } = renderWithProviders(
      <Harness answer={{ status: 400, data: { detail: 'This shop is closed today' } }} />,
    );
    await user.type(screen.getByLabelText('Email address'), 'ade@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This shop is closed today');
  });

  it('gives the phone field the keypad with a +', () => {
    renderWithProviders(<Harness />);
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).toHaveAttribute('type', 'tel');
    expect(mobile).toHaveAttribute('inputmode', 'tel');
  });
});
