import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import AppForm from './AppForm';
import { PasswordField } from './fields';
import { useAppForm } from './useAppForm';

function Harness() {
  const form = useAppForm({ defaultValues: { password: '' } });
  return (
    <AppForm form={form} onSubmit={() => undefined}>
      <PasswordField autoComplete="current-password" />
    </AppForm>
  );
}

describe('PasswordField', () => {
  it('shows and hides what is typed, saying which it does', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Suya-2026');
    expect(input).toHaveAttribute('type', 'password');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Suya-2026');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    // A mouse click leaves the caret in the field.
    expect(input).toHaveFocus();

    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
  });

  it('works by keyboard alone', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Password');
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    await user.keyboard(' ');
    expect(input).toHaveAttribute('type', 'password');
  });
});
