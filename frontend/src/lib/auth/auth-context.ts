import type { User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** The signed-in user, or null when signed out. Never read before the initial session check. */
  user: User | null;
  /** Signed in with the password, but the account's second factor is still to be entered. */
  secondFactorPending: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};

export const useUser = () => useAuth().user;
