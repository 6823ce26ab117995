import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';

export interface ResponsiveColumn<T> {
  /** The column's heading, and each card's label for the value (none for an actions column). */
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

interface ResponsiveTableProps<T> {
  /** The accessible name of the table (or list of cards). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly ResponsiveColumn<T>[];
  /** `data-testid` of each row (or card). */
  rowTestId: string;
  /** Below this width the table scrolls sideways (from the `sm` breakpoint up; phones get cards). */
  minWidth?: number;
}

/** A table from the `sm` breakpoint up; on a phone each row is a card with labelled values, nothing off-screen. */
export function ResponsiveTable<T>({ label, rows, rowKey, columns, rowTestId, minWidth = 640 }: ResponsiveTableProps<T>) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" role="listitem" data-testid={rowTestId}>
            <Stack gap={6}>
              {columns.map(({ header, cell }, index) =>
                header ? (
                  <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" tt="uppercase" fw={600} w={88} pt={2} style={{ flexShrink: 0 }}>
                      {header}
                    </Text>
                    <Box miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                      {cell(row)}
                    </Box>
                  </Group>
                ) : (
                  <Box key={index}>{cell(row)}</Box>
                ),
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ header, align }, index) => (
              <Table.Th key={index} ta={align}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map(({ cell, align }, index) => (
                <Table.Td key={index} ta={align}>
                  {cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
