import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
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
  /** The heading of each cell (a card's labels on a phone), in order. */
  headers: string[];
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
  headers,
  cells,
  actions,
}: AlertListCardProps<T>) {
  const canWrite = useCan('alerts.write');
  const columns: ResponsiveColumn<T>[] = [
    ...headers.map((header, index) => ({ header, cell: (row: T) => cells(row)[index] })),
    ...(canWrite
      ? [
          {
            header: '',
            align: 'right' as const,
            cell: (row: T) => (
              <Group gap="xs" justify="flex-end" wrap="wrap">
                {actions(row)}
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{title}</Title>
        {notices}
        {canWrite && (
          <form onSubmit={addForm.onSubmit}>
            {/* Fields wrap onto their own lines on a phone rather than squeeze (each sets its own basis). */}
            <Group align="flex-end" wrap="wrap">
              {addForm.fields}
              <Button type="submit" loading={addForm.pending}>
                {addForm.submitLabel}
              </Button>
            </Group>
          </form>
        )}
        {rows?.length === 0 && <Text c="dimmed">{emptyText}</Text>}
        {!!rows?.length && (
          <ResponsiveTable label={title} rows={rows} rowKey={rowKey} columns={columns} rowTestId={rowTestId} minWidth={0} />
        )}
      </Stack>
    </Card>
  );
}
