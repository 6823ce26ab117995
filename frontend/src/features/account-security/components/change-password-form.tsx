import { PasswordForm } from '@/components/forms/password-form';
import { useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';

/** A new password, proved by the current one; the user's other sessions are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  return (
    <SectionCard title="Password" description="Changing it signs you out everywhere else.">
      <PasswordForm
        askCurrent
        inline
        submitLabel="Change password"
        pending={change.isPending}
        error={change.error}
        onSubmit={(values, clear) => change.mutate(values, { onSuccess: clear })}
      />
    </SectionCard>
  );
}
