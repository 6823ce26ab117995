import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { MESSAGES, type InvitationPreview } from '@vendorwatch/contracts';
import type { User } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { rememberReturnPath, useAuth, useLogout } from '@/lib/auth';
import { rememberChosenWorkspace } from '@/lib/workspace/chosen-workspace';
import { RoleBadge } from '@/components/ui/role-badge';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';

/**
 * The page an invitation's link opens. Signed out: sign in or sign up first, and come back here after
 * (the confirmation email's link included). Signed in: the workspace and role, then Accept, which opens
 * the app in the workspace joined.
 */
export function AcceptInvitation({ token }: { token: string | null }) {
  const { user, secondFactorPending } = useAuth();
  const { pathname, search } = useLocation();
  const signedIn = user !== null && !secondFactorPending;

  useEffect(() => {
    if (token && !signedIn) rememberReturnPath(`${pathname}${search}`);
  }, [token, signedIn, pathname, search]);

  if (!token) return <Alert color="red">{MESSAGES.invitations.linkInvalid}</Alert>;
  if (user && secondFactorPending) {
    return (
      <Button component={Link} to={paths.auth.secondFactor.getHref()}>
        Enter your code
      </Button>
    );
  }
  if (!user) return <SignInFirst />;
  return <InvitationDetails token={token} user={user} />;
}

function SignInFirst() {
  return (
    <Stack data-testid="invitation-sign-in-first">
      <Text size="sm">{MESSAGES.invitations.signInFirst}</Text>
      <Group grow>
        <Button component={Link} to={paths.auth.login.getHref()} data-testid="invitation-sign-in">
          Sign in
        </Button>
        <Button component={Link} to={paths.auth.register.getHref()} variant="default" data-testid="invitation-sign-up">
          Create account
        </Button>
      </Group>
    </Stack>
  );
}

function InvitationDetails({ token, user }: { token: string; user: User }) {
  const preview = useInvitationPreview({ token, enabled: true });
  if (preview.isPending) return <SectionLoader label="Opening the invitation" />;
  if (preview.isError) {
    return (
      <Stack>
        <Alert color="red" title={MESSAGES.invitations.previewFailed} data-testid="invitation-error">
          {preview.error.message}
        </Alert>
        <Anchor component={Link} to={paths.app.dashboard.getHref()} size="sm">
          Go to Dashboard
        </Anchor>
      </Stack>
    );
  }
  return <InvitationOffer token={token} user={user} invitation={preview.data} />;
}

function InvitationOffer({ token, user, invitation }: { token: string; user: User; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const otherAddress = (user.email ?? '').toLowerCase() !== invitation.email.toLowerCase();

  const onAccept = () =>
    accept.mutate(
      { token },
      {
        onSuccess: (joined) => {
          // The app opens in the workspace joined: the switcher's choice, made for the user.
          rememberChosenWorkspace(user.id, joined.id);
          void navigate(paths.app.dashboard.getHref(), { replace: true });
        },
      },
    );
  const signInAsInvited = () => {
    rememberReturnPath(`${pathname}${search}`);
    logout.mutate();
  };

  return (
    <Stack data-testid="invitation-offer">
      <Text component="div">
        You are invited to join{' '}
        <Text span fw={700} data-testid="invitation-workspace">
          {invitation.workspaceName}
        </Text>{' '}
        as <RoleBadge role={invitation.role} data-testid="invitation-role" />
      </Text>
      <Text size="sm" c="dimmed">
        Invitation for {invitation.email}, valid until {new Date(invitation.expiresAt).toLocaleString()}.
      </Text>
      {otherAddress ? (
        <Stack>
          <Alert color="yellow" data-testid="invitation-other-address">
            {MESSAGES.invitations.wrongEmail}
          </Alert>
          <Button variant="default" onClick={signInAsInvited} loading={logout.isPending}>
            Sign out
          </Button>
        </Stack>
      ) : (
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={onAccept}
          loading={accept.isPending}
          data-testid="invitation-accept"
        >
          Accept invitation
        </Button>
      )}
    </Stack>
  );
}
