import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { AuthProvider } from '@/lib/auth';

/** Inside the router, because auth events navigate (SIGNED_IN → /, SIGNED_OUT → /login). */
export default function RootRoute() {
  return (
    <AuthProvider loading={<PageLoader />}>
      <Outlet />
    </AuthProvider>
  );
}
