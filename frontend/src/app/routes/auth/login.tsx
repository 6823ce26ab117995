import { useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { PublicOnlyRoute } from '@/lib/auth';

/** What other pages may hand to the login page through router state. */
export interface LoginLocationState {
  notice?: string;
}

const noticeFrom = (state: unknown) =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

export default function LoginRoute() {
  const location = useLocation();
  return (
    <PublicOnlyRoute>
      <AuthLayout title="Sign in">
        <LoginForm notice={noticeFrom(location.state)} />
      </AuthLayout>
    </PublicOnlyRoute>
  );
}
