import { Anchor } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { CredentialsForm } from './credentials-form';

interface LoginFormProps {
  /** A message carried over from another page, e.g. "check your email" after registering. */
  notice?: string;
}

export function LoginForm({ notice }: LoginFormProps) {
  const login = useLogin();
  return (
    <CredentialsForm
      name="login"
      action={login}
      errorTitle="Sign in failed"
      submitLabel="Sign in"
      notice={notice}
      belowPassword={
        <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} size="sm" ta="right">
          {MESSAGES.auth.forgotPassword}
        </Anchor>
      }
      otherForm={{ question: "Don't have an account?", label: 'Register', to: paths.auth.register.getHref() }}
    />
  );
}
