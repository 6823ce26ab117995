import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AcceptInvitation } from '@/features/invitations/components/accept-invitation';

/** Opened by an invitation email's link, signed in or not. */
export default function AcceptInvitationRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Workspace invitation">
      <AcceptInvitation token={params.get('token')} />
    </AuthLayout>
  );
}
