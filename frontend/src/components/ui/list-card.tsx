import { Alert, Badge, Card, Group, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionLoader } from './section-loader';

interface ListCardProps<T> {
  title: ReactNode;
  /** The list's query: the card shows its loading, failure and empty states, and its count. */
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  /** The catalogue's "Failed to load …", above the server's reason. */
  errorTitle: string;
  /** What an empty list says; without it, an empty list still goes to `children`. */
  emptyText?: string;
  emptyTestId?: string;
  children: (rows: T[]) => ReactNode;
}

/** A titled card around a list read from the API, with its count and its loading, failed and empty states. */
export function ListCard<T>({ title, query, loadingLabel, errorTitle, emptyText, emptyTestId, children }: ListCardProps<T>) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {query.data && <Badge variant="light">{query.data.length}</Badge>}
      </Group>
      {query.isPending ? (
        <SectionLoader label={loadingLabel} />
      ) : query.isError ? (
        <Alert color="red" title={errorTitle}>
          {query.error.message}
        </Alert>
      ) : query.data.length === 0 && emptyText ? (
        <Text c="dimmed" ta="center" py="md" data-testid={emptyTestId}>
          {emptyText}
        </Text>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}
