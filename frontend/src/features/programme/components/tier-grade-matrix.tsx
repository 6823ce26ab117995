import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { GRADE_COUNT_KEYS, plural, type GradeCountKey, type ProgrammeOverview } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { vendorsInCell } from './programme-links';

/** One row of the matrix: a tier, or the vendors with none. */
interface MatrixRow {
  tier: number | null;
  name: string;
  vendors: number;
  grades: ProgrammeOverview['untiered']['grades'];
}

const GRADE_HEADERS: Record<GradeCountKey, string> = { A: 'A', B: 'B', C: 'C', D: 'D', F: 'F', ungraded: 'Not graded' };

export const matrixRows = (overview: ProgrammeOverview): MatrixRow[] => [
  ...overview.tiers.map((tier) => ({ ...tier, name: `${tier.tier} · ${tier.name}` })),
  { tier: null, name: 'No tier', ...overview.untiered },
];

/** A count that opens the vendors list filtered to it; a zero is plain (there is nothing to open). */
function CellCount({ count, to, label }: { count: number; to: string; label: string }) {
  if (count === 0)
    return (
      <Text span c="dimmed" aria-label={label}>
        0
      </Text>
    );
  return (
    <Anchor component={Link} to={to} fw={600} aria-label={label}>
      {count}
    </Anchor>
  );
}

/** On a phone: a grade's count as a badge, a link to the filtered list when there is something to open. */
function GradeBadge({ row, grade }: { row: MatrixRow; grade: GradeCountKey }) {
  const count = row.grades[grade];
  const text = `${GRADE_HEADERS[grade]}: ${count}`;
  const label = cellLabel(row, grade, count);
  if (count === 0)
    return (
      <Badge variant="outline" color="gray" size="lg" aria-label={label}>
        {text}
      </Badge>
    );
  return (
    <Badge
      component={Link}
      to={vendorsInCell(row.tier, grade)}
      variant="light"
      size="lg"
      aria-label={label}
      style={{ cursor: 'pointer' }}
    >
      {text}
    </Badge>
  );
}

const cellLabel = (row: MatrixRow, grade: GradeCountKey, count: number) =>
  `${row.name}, ${grade === 'ungraded' ? 'not graded' : `grade ${grade}`}: ${plural(count, 'vendor')}`;

/**
 * Vendors by tier (rows) and overall grade (columns), each count a link to the vendors list filtered
 * to that tier and grade. On a phone each tier is a card of grade badges, so nothing runs off-screen.
 */
export function TierGradeMatrix({ overview }: { overview: ProgrammeOverview }) {
  const phone = usePhoneLayout();
  const rows = matrixRows(overview);
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label="Vendors by tier and grade" data-testid="tier-grade-matrix">
        {rows.map((row) => (
          <Card key={row.name} withBorder radius="md" padding="sm" role="listitem" data-testid="tier-row">
            <Group justify="space-between" mb={6}>
              <Text fw={600}>{row.name}</Text>
              <CellCount
                count={row.vendors}
                to={vendorsInCell(row.tier)}
                label={`${row.name}: ${plural(row.vendors, 'vendor')}`}
              />
            </Group>
            <Group gap={6}>
              {GRADE_COUNT_KEYS.map((grade) => (
                <GradeBadge key={grade} row={row} grade={grade} />
              ))}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Vendors by tier and grade" data-testid="tier-grade-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tier</Table.Th>
            <Table.Th ta="right">Vendors</Table.Th>
            {GRADE_COUNT_KEYS.map((grade) => (
              <Table.Th key={grade} ta="right">
                {GRADE_HEADERS[grade]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name} data-testid="tier-row">
              <Table.Td fw={600}>{row.name}</Table.Td>
              <Table.Td ta="right">
                <CellCount
                  count={row.vendors}
                  to={vendorsInCell(row.tier)}
                  label={`${row.name}: ${plural(row.vendors, 'vendor')}`}
                />
              </Table.Td>
              {GRADE_COUNT_KEYS.map((grade) => (
                <Table.Td key={grade} ta="right">
                  <CellCount
                    count={row.grades[grade]}
                    to={vendorsInCell(row.tier, grade)}
                    label={cellLabel(row, grade, row.grades[grade])}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
