import { useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { PublicOnlyRoute } from '@/lib/auth';
import type { LoginLocationState } from './login';

export default function RegisterRoute() {
  const navigate = useNavigate();

  const onSuccess = ({ signedIn, email }: { signedIn: boolean; email: string }) => {
    // With a session already open, SIGNED_IN takes the user to the dashboard instead.
    if (signedIn) return;
    const state: LoginLocationState = { confirmationSentTo: email };
    void navigate(paths.auth.login.getHref(), { state });
  };

  return (
    <PublicOnlyRoute>
      <AuthLayout title="Create an account">
        <RegisterForm onSuccess={onSuccess} />
      </AuthLayout>
    </PublicOnlyRoute>
  );
}
