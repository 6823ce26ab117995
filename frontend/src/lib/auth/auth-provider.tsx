import { Alert, Button, Center, Stack } from '@mantine/core';
import type { PublicConfig } from '@vendorwatch/contracts';
import type { Session, User } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { getPublicConfigQueryOptions } from '../public-config';
import { initSupabase } from '../supabase';
import { AuthContext } from './auth-context';
import { needsSecondFactor } from './assurance';
import { readInitialUser } from './read-initial-user';
import { takeReturnPath } from './return-path';

/**
 * Loads the public config, then hands over to the session logic with a ready auth client. `loading` is
 * shown meanwhile: the app passes its page loader (lib sits below components and never imports them).
 */
export function AuthProvider({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const config = useQuery(getPublicConfigQueryOptions());
  if (config.isPending) return loading;
  if (config.isError) {
    return (
      <Center h="100vh" p="md">
        <Stack maw={420}>
          <Alert color="red" title="Could not reach the server">
            {config.error.message}
          </Alert>
          <Button onClick={() => void config.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <AuthSession config={config.data} loading={loading}>
      {children}
    </AuthSession>
  );
}

function AuthSession({ config, children, loading }: { config: PublicConfig; children: ReactNode; loading: ReactNode }) {
  const supabase = useMemo(() => initSupabase(config), [config]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [secondFactorPending, setSecondFactorPending] = useState(false);
  const [checked, setChecked] = useState(false);
  // Refs, because auth events arrive outside React's render cycle.
  const userId = useRef<string | null>(null);
  const initialCheckDone = useRef(false);

  useEffect(() => {
    let active = true;
    void readInitialUser(supabase).then((initial) => {
      if (!active) return;
      userId.current = initial.user?.id ?? null;
      initialCheckDone.current = true;
      setUser(initial.user);
      setSecondFactorPending(initial.secondFactorPending);
      setChecked(true);
    });
    const signedIn = (session: Session) => {
      setUser(session.user);
      setSecondFactorPending(needsSecondFactor(session));
    };

    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_IN' && session) {
        // supabase-js repeats SIGNED_IN when it restores a session (start-up, tab refocus);
        // only a real sign-in after the initial check should move the user to the dashboard.
        const isNewSignIn = initialCheckDone.current && userId.current !== session.user.id;
        userId.current = session.user.id;
        signedIn(session);
        // The dashboard's guard sends an account with a second factor to the code step first; a page
        // that asked for a sign-in (an invitation's link) is returned to once that is done.
        if (isNewSignIn && needsSecondFactor(session)) void navigate(paths.app.dashboard.getHref(), { replace: true });
        else if (isNewSignIn) void navigate(takeReturnPath() ?? paths.app.dashboard.getHref(), { replace: true });
      } else if (event === 'MFA_CHALLENGE_VERIFIED' && session) {
        signedIn(session);
        // After the code step the app opens; elsewhere (resetting a password) the page goes on by itself.
        if (window.location.pathname === paths.auth.secondFactor.getHref()) {
          void navigate(takeReturnPath() ?? paths.app.dashboard.getHref(), { replace: true });
        }
      } else if (event === 'PASSWORD_RECOVERY' && session) {
        // A reset link's session: the reset page stays open until the new password is set.
        userId.current = session.user.id;
        signedIn(session);
      } else if (event === 'SIGNED_OUT') {
        userId.current = null;
        setUser(null);
        setSecondFactorPending(false);
        // Another user may sign in next: no cached data of this one may survive. The public
        // config is not user data, and dropping it would unmount the whole app while it reloads.
        const [publicConfigKey] = getPublicConfigQueryOptions().queryKey;
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== publicConfigKey });
        void navigate(paths.auth.login.getHref(), { replace: true });
      } else if ((event === 'USER_UPDATED' || event === 'TOKEN_REFRESHED') && session) {
        signedIn(session);
      }
    });

    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [supabase, navigate, queryClient]);

  const value = useMemo(() => ({ user, secondFactorPending }), [user, secondFactorPending]);
  if (!checked) return loading;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
