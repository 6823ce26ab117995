import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { useReportGrades } from '../api/get-report-grades';

/** "What if fixed": for each failing or warning check, the overall and category grade once it passes. */
export function WhatIfFixed({ reportId }: { reportId: string }) {
  const grades = useReportGrades(reportId);
  const phone = usePhoneLayout();
  const projections = grades.data?.whatIfFixed ?? [];
  if (projections.length === 0) return null;
  const letter = (value: string | null) => value ?? '–';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="what-if-fixed">
      <Title order={3} size="h4" mb="sm">
        What if fixed
      </Title>
      {phone ? (
        <Stack gap="xs">
          {projections.map((p) => (
            <Text key={p.checkId} size="sm">
              <b>{p.title}</b>: overall {letter(p.now.overall.letter)} → {letter(p.ifFixed.overall.letter)} ({p.now.overall.score}{' '}
              → {p.ifFixed.overall.score})
            </Text>
          ))}
        </Stack>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fix</Table.Th>
              <Table.Th>Overall</Table.Th>
              <Table.Th>Its category</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projections.map((p) => (
              <Table.Tr key={p.checkId}>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td>
                  {letter(p.now.overall.letter)} → {letter(p.ifFixed.overall.letter)} ({p.now.overall.score} →{' '}
                  {p.ifFixed.overall.score})
                </Table.Td>
                <Table.Td>
                  {p.now.category ? `${letter(p.now.category.letter)} → ${letter(p.ifFixed.category?.letter ?? null)}` : '–'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
