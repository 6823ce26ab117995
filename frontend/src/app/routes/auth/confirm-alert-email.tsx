import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConfirmAlertEmail } from '@/features/alerts/components/confirm-alert-email';

/** Opened by the link emailed to an alert channel's address. */
export default function ConfirmAlertEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Confirm alerts to this address">
      <ConfirmAlertEmail token={params.get('token')} />
    </AuthLayout>
  );
}
