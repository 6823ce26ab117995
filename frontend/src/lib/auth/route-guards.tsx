import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUser } from './auth-context';

/** Everything but /login and /register needs a signed-in user. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const user = useUser();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  return children;
}

/** A signed-in user has nothing to do on the login and register pages. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const user = useUser();
  if (user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return children;
}
