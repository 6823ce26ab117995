export { AuthProvider } from './auth-provider';
export { useAuth, useUser } from './auth-context';
export { needsSecondFactor } from './assurance';
export { ProtectedRoute, PublicOnlyRoute, SecondFactorRoute } from './route-guards';
export { useLogout } from './use-logout';
export { rememberReturnPath } from './return-path';
