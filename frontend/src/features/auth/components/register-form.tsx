import { paths } from '@/config/paths';
import { useRegister } from '../api/register';
import { CredentialsForm } from './credentials-form';

interface RegisterFormProps {
  /**
   * `signedIn` is true when the server needs no e-mail confirmation and opened a session at once;
   * `email` is the address the confirmation went to.
   */
  onSuccess: (result: { signedIn: boolean; email: string }) => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister({
    mutationConfig: { onSuccess: (data, input) => onSuccess({ signedIn: Boolean(data.session), email: input.email }) },
  });
  return (
    <CredentialsForm
      name="register"
      newPassword
      action={registration}
      errorTitle="Registration failed"
      submitLabel="Register"
      otherForm={{ question: 'Already have an account?', label: 'Sign in', to: paths.auth.login.getHref() }}
    />
  );
}
