import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useCan } from '@/lib/workspace';

interface AlertListCardProps<T> {
  title: string;
  /** What the last addition leaves to say, above the form (a webhook's secret, a confirmation link sent). */
  notices?: ReactNode;
  /** The form that adds one, on one line: its fields, then its button. Only roles that may change alerts see it. */
  addForm: { onSubmit: FormEventHandler<HTMLFormElement>; fields: ReactNode; submitLabel: string; pending: boolean };
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  rowTestId: string;
  emptyText: string;
  /** The row's cells, in order. */
  cells: (row: T) => ReactNode[];
  /** The row's buttons (at least Remove), right-aligned; only roles that may change alerts see them. */
  actions: (row: T) => ReactNode;
}

/** Alert channels and alert rules alike: a titled card with a one-line form that adds one, then the list. */
export function AlertListCard<T>({
  title,
  notices,
  addForm,
  rows,
  rowKey,
  rowTestId,
  emptyText,
  cells,
  actions,
}: AlertListCardProps<T>) {
  const canWrite = useCan('alerts.write');
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{title}</Title>
        {notices}
        {canWrite && (
          <form onSubmit={addForm.onSubmit}>
            <Group align="flex-end">
              {addForm.fields}
              <Button type="submit" loading={addForm.pending}>
                {addForm.submitLabel}
              </Button>
            </Group>
          </form>
        )}
        {rows?.length === 0 && <Text c="dimmed">{emptyText}</Text>}
        {!!rows?.length && (
          <Table>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                  {cells(row).map((cell, index) => (
                    <Table.Td key={index}>{cell}</Table.Td>
                  ))}
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {actions(row)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
