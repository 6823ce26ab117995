import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { LIMITS, SSO_ROLES, type SsoRole, type WorkspaceSso } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useCan, useCurrentWorkspace } from '@/lib/workspace';
import { useSaveWorkspaceSso, useWorkspaceSso } from '../api/workspace-sso';

const ROLE_OPTIONS = SSO_ROLES.map((role) => ({ value: role, label: role }));
const NO_ROLE = 'none';

interface Draft {
  linked: boolean;
  groupClaim: string;
  rows: { group: string; role: SsoRole }[];
  defaultRole: SsoRole | null;
  required: boolean;
}

const draftOf = (sso: WorkspaceSso): Draft => ({
  linked: sso.linked,
  groupClaim: sso.groupClaim,
  rows: Object.entries(sso.groupRoles).map(([group, role]) => ({ group, role })),
  defaultRole: sso.defaultRole,
  required: sso.required,
});

/**
 * "Single sign-on": the workspace's link to the company's identity provider. Its owners map the
 * provider's groups to roles, choose a default role and may require SSO; everyone else reads.
 */
export function SsoSettings() {
  const { workspace } = useCurrentWorkspace();
  const sso = useWorkspaceSso(workspace.id);
  if (workspace.personal || !sso.data) return null;
  // Keyed by the saved settings, so the form starts again from them after a save or a switch.
  return <SsoSettingsForm key={`${workspace.id}:${JSON.stringify(sso.data)}`} workspaceId={workspace.id} sso={sso.data} />;
}

function SsoSettingsForm({ workspaceId, sso }: { workspaceId: string; sso: WorkspaceSso }) {
  const canEdit = useCan('workspace.update');
  const save = useSaveWorkspaceSso();
  const [draft, setDraft] = useState<Draft>(() => draftOf(sso));
  const provider = sso.providerName;
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setRow = (index: number, patch: Partial<Draft['rows'][number]>) =>
    change({ rows: draft.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) });

  if (!provider && !sso.linked)
    return (
      <Card withBorder radius="md" padding="lg" data-testid="sso-settings">
        <Title order={3} size="h4" mb="xs">
          Single sign-on
        </Title>
        <Text size="sm" c="dimmed">
          Single sign-on is not configured on this server. The administrator sets AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID and
          AUTH_OIDC_CLIENT_SECRET to let people sign in with the company&apos;s identity provider.
        </Text>
      </Card>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const groupRoles = Object.fromEntries(
      draft.rows.filter((row) => row.group.trim()).map((row) => [row.group.trim(), row.role]),
    );
    save.mutate({
      workspaceId,
      data: {
        linked: draft.linked,
        groupClaim: draft.groupClaim.trim(),
        groupRoles,
        defaultRole: draft.defaultRole,
        required: draft.required,
      },
    });
  };
  const name = provider ?? 'the identity provider';

  return (
    <Card withBorder radius="md" padding="lg" data-testid="sso-settings">
      <Title order={3} size="h4" mb="xs">
        Single sign-on
      </Title>
      <form onSubmit={submit} aria-label="Single sign-on">
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Text size="sm" c="dimmed">
              At each sign-in with {name}, a member of this workspace follows their groups: added, given the role their groups map
              to, or removed when no group maps and there is no default role. Owners are never changed by {name}: an owner stays
              an owner.
            </Text>
            <Switch
              label={`Link this workspace to ${name}`}
              checked={draft.linked}
              onChange={(event) => change({ linked: event.currentTarget.checked })}
              data-testid="sso-linked"
            />
            {draft.linked && (
              <>
                <TextInput
                  label="Group claim"
                  description="The ID token claim that lists a person's groups"
                  maxLength={LIMITS.sso.claimMaxLength}
                  value={draft.groupClaim}
                  onChange={(event) => change({ groupClaim: event.currentTarget.value })}
                  data-testid="sso-group-claim"
                />
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    Groups and the roles they give
                  </Text>
                  {draft.rows.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No group is mapped yet.
                    </Text>
                  )}
                  {draft.rows.map((row, index) => (
                    <Group key={index} align="flex-end" wrap="wrap" gap="xs">
                      <TextInput
                        aria-label="Group"
                        placeholder="Group name"
                        maxLength={LIMITS.sso.groupMaxLength}
                        style={{ flex: '1 1 200px' }}
                        value={row.group}
                        onChange={(event) => setRow(index, { group: event.currentTarget.value })}
                        data-testid={`sso-group-${index}`}
                      />
                      <Select
                        aria-label="Role"
                        data={ROLE_OPTIONS}
                        allowDeselect={false}
                        w={130}
                        value={row.role}
                        onChange={(value) => value && setRow(index, { role: value as SsoRole })}
                        data-testid={`sso-role-${index}`}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove group ${row.group}`}
                        onClick={() => change({ rows: draft.rows.filter((_, at) => at !== index) })}
                        size="lg"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                  {canEdit && draft.rows.length < LIMITS.sso.maxGroups && (
                    <Button
                      variant="subtle"
                      leftSection={<IconPlus size={16} />}
                      onClick={() => change({ rows: [...draft.rows, { group: '', role: 'viewer' }] })}
                      style={{ alignSelf: 'flex-start' }}
                      data-testid="sso-add-group"
                    >
                      Add group
                    </Button>
                  )}
                </Stack>
                <Select
                  label="Default role"
                  description="The role of someone in none of these groups"
                  data={[{ value: NO_ROLE, label: 'None: not a member' }, ...ROLE_OPTIONS]}
                  allowDeselect={false}
                  maw={260}
                  value={draft.defaultRole ?? NO_ROLE}
                  onChange={(value) => change({ defaultRole: !value || value === NO_ROLE ? null : (value as SsoRole) })}
                  data-testid="sso-default-role"
                />
                <Switch
                  label={`Require signing in with ${name}`}
                  description="Members' password sessions no longer open this workspace. Its owners can still sign in with their password, so a broken provider never locks everyone out; API keys keep working."
                  checked={draft.required}
                  onChange={(event) => change({ required: event.currentTarget.checked })}
                  data-testid="sso-required"
                />
              </>
            )}
            {!provider && (
              <Alert color="yellow">Single sign-on is no longer configured on this server: nobody can sign in with it now.</Alert>
            )}
            {canEdit ? (
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }} data-testid="sso-save">
                Save
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Only an owner changes these settings.
              </Text>
            )}
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
