import { Badge, Button, Code, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { API_KEY_PREFIX, MESSAGES, workspaceMessages, type ApiKey } from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { ListCard } from '@/components/ui/list-card';
import { useCurrentWorkspace } from '@/lib/workspace';
import { RoleBadge } from '@/components/ui/role-badge';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);
const lapsed = (key: ApiKey) => key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();

/** The workspace's keys, masked, with their last use and expiry; Revoke ends one at once. */
export function ApiKeysList() {
  const { workspace } = useCurrentWorkspace();
  const keys = useApiKeys({ workspaceId: workspace.id });
  const revoke = useRevokeApiKey();

  const onRevoke = (apiKey: ApiKey) => {
    if (!window.confirm(workspaceMessages.confirmRevokeApiKey(apiKey.name))) return;
    revoke.mutate({ workspaceId: workspace.id, apiKey });
  };

  const columns: ResponsiveColumn<ApiKey>[] = [
    {
      header: 'Name',
      cell: (key) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {key.name}
        </Text>
      ),
    },
    { header: 'Key', cell: (key) => <Code data-testid="api-key-masked">{`${API_KEY_PREFIX}…${key.last4}`}</Code> },
    { header: 'Role', cell: (key) => <RoleBadge role={key.role} /> },
    { header: 'Created', cell: (key) => <Text size="sm">{when(key.createdAt, '—')}</Text> },
    { header: 'Last used', cell: (key) => <Text size="sm">{when(key.lastUsedAt, 'Never')}</Text> },
    {
      header: 'Expires',
      cell: (key) =>
        lapsed(key) ? (
          <Badge color="red" variant="light">
            Expired
          </Badge>
        ) : (
          <Text size="sm">{when(key.expiresAt, 'Never')}</Text>
        ),
    },
    {
      header: '',
      align: 'right',
      cell: (key) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          loading={revoke.isPending && revoke.variables.apiKey.id === key.id}
          onClick={() => onRevoke(key)}
          aria-label={`Revoke ${key.name}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <ListCard
      title="API keys"
      query={keys}
      loadingLabel="Loading API keys"
      errorTitle={MESSAGES.apiKeys.loadFailed}
      emptyText={MESSAGES.apiKeys.none}
      emptyTestId="api-keys-empty"
    >
      {(rows) => (
        <ResponsiveTable
          label="API keys"
          rows={rows}
          rowKey={(key) => key.id}
          columns={columns}
          rowTestId="api-key-row"
          minWidth={820}
        />
      )}
    </ListCard>
  );
}
