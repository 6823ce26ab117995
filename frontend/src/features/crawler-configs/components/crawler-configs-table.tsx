import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CrawlerConfig } from '@vendorwatch/contracts';
import { useActivateCrawlerConfig } from '../api/activate-crawler-config';
import { crawlerConfigTypeLabel } from './crawler-config-type';
import { useCan } from '@/lib/workspace';

interface CrawlerConfigsTableProps {
  configs: CrawlerConfig[];
  onEdit: (config: CrawlerConfig) => void;
  onDelete: (config: CrawlerConfig) => void;
}

export function CrawlerConfigsTable({ configs, onEdit, onDelete }: CrawlerConfigsTableProps) {
  const activate = useActivateCrawlerConfig();
  const activatingId = activate.isPending ? activate.variables.configId : null;
  // Configurations are an admin's: an editor or viewer reads them without the buttons.
  const canWrite = useCan('crawlerConfigs.write');

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Crawler configurations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Endpoint</Table.Th>
            {canWrite && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {configs.map((config) => (
            <Table.Tr key={config.id} data-testid="crawler-config-row" data-config-id={config.id}>
              <Table.Td>
                {config.isActive ? (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                ) : !canWrite ? (
                  <Badge color="gray" variant="light">
                    Inactive
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => activate.mutate({ configId: config.id })}
                    loading={activatingId === config.id}
                    disabled={activate.isPending && activatingId !== config.id}
                    aria-label={`Set ${config.name} active`}
                  >
                    Set Active
                  </Button>
                )}
              </Table.Td>
              <Table.Td>
                <Text fw={500}>{config.name}</Text>
              </Table.Td>
              <Table.Td>{crawlerConfigTypeLabel(config.type)}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {config.apiEndpoint}
                </Text>
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => onEdit(config)}
                      aria-label={`Edit ${config.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onDelete(config)}
                      aria-label={`Delete ${config.name}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
