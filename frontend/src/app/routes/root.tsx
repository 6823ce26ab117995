import { Outlet } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth';

/** Inside the router, because auth events navigate (SIGNED_IN → /, SIGNED_OUT → /login). */
export default function RootRoute() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
