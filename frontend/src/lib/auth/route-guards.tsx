import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';

/** Everything but the sign-in pages needs a signed-in user who has entered their second factor, if any. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, secondFactorPending } = useAuth();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (secondFactorPending) return <Navigate to={paths.auth.secondFactor.getHref()} replace />;
  return children;
}

/** A signed-in user has nothing to do on the login and register pages (but the code step, if due). */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { user, secondFactorPending } = useAuth();
  if (user && secondFactorPending) return <Navigate to={paths.auth.secondFactor.getHref()} replace />;
  if (user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return children;
}

/** The code step: only for a user signed in with the password whose account asks for a second factor. */
export function SecondFactorRoute({ children }: { children: ReactNode }) {
  const { user, secondFactorPending } = useAuth();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (!secondFactorPending) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return children;
}
