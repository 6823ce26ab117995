import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { PublicOnlyRoute } from '@/lib/auth';

export default function ForgotPasswordRoute() {
  return (
    <PublicOnlyRoute>
      <AuthLayout title="Reset your password">
        <ForgotPasswordForm />
      </AuthLayout>
    </PublicOnlyRoute>
  );
}
