import { MESSAGES } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PasswordForm } from './password-form';

describe('PasswordForm', () => {
  it('asks for the new password twice and sends nothing while they differ', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <PasswordForm submitLabel="Set new password" pending={false} error={null} onSubmit={onSubmit} />,
    );

    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'sturdy-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'sturdy-password-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(MESSAGES.auth.passwordsDoNotMatch)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the current password when changing it, and empties the fields once told to', async () => {
    const onSubmit = vi.fn((_values: unknown, clear: () => void) => clear());
    const { user } = renderWithProviders(
      <PasswordForm askCurrent submitLabel="Change password" pending={false} error={null} onSubmit={onSubmit} />,
    );

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.auth.currentPasswordNeeded)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();

    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'sturdy-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'sturdy-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { currentPassword: 'old-password-1', password: 'sturdy-password-1' },
      expect.any(Function),
    );
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says why the password was not changed', () => {
    renderWithProviders(
      <PasswordForm
        submitLabel="Set new password"
        pending={false}
        error={new Error('Link expired')}
        errorTestId="reset-error"
        onSubmit={vi.fn()}
      />,
    );

    expect(screen.getByTestId('reset-error')).toHaveTextContent('Password not changed');
    expect(screen.getByTestId('reset-error')).toHaveTextContent('Link expired');
  });
});
