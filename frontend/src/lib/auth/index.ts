export { AuthProvider } from './auth-provider';
export { useAuth, useUser } from './auth-context';
export { ProtectedRoute, PublicOnlyRoute } from './route-guards';
export { useLogout } from './use-logout';
