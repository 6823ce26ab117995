import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';

/** Opened by the confirmation email's link; the new session then opens the app. */
export default function ConfirmRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Confirm your email">
      <ConfirmEmail tokenHash={params.get('token_hash')} type={params.get('type')} />
    </AuthLayout>
  );
}
