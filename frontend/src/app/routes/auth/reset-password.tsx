import { MESSAGES } from '@vendorwatch/contracts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { notifySuccess } from '@/lib/notify';

/** Opened by the reset email's link; not guarded, since the link itself signs the user in. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const onDone = () => {
    notifySuccess(MESSAGES.auth.passwordReset);
    void navigate(paths.app.dashboard.getHref(), { replace: true });
  };
  return (
    <AuthLayout title="Choose a new password">
      <ResetPasswordForm tokenHash={params.get('token_hash')} onDone={onDone} />
    </AuthLayout>
  );
}
