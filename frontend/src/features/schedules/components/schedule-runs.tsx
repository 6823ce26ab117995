import { Anchor, Badge, Table, Text } from '@mantine/core';
import { MESSAGES, type ScheduleRunOutcome } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useScheduleRuns } from '../api/get-schedule-runs';

const OUTCOME_COLORS: Record<ScheduleRunOutcome, string> = { started: 'green', skipped: 'yellow', failed: 'red' };

/** The latest runs of a vendor's schedule: the crawl each started, or why it was skipped. */
export function ScheduleRuns({ vendorId }: { vendorId: string }) {
  const runs = useScheduleRuns({ vendorId, queryConfig: { refetchInterval: 15_000 } });
  if (runs.isPending) return <SectionLoader label="Loading scheduled runs" />;
  if (runs.isError) return <Text c="red">{runs.error.message}</Text>;
  if (runs.data.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="schedule-runs-empty">
        {MESSAGES.schedules.noRuns}
      </Text>
    );
  return (
    <Table verticalSpacing="xs" aria-label="Scheduled runs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Scheduled for</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.data.map((run) => (
          <Table.Tr key={run.id} data-testid="schedule-run">
            <Table.Td>{new Date(run.scheduledFor).toLocaleString()}</Table.Td>
            <Table.Td>
              <Badge color={OUTCOME_COLORS[run.outcome]} variant="light">
                {run.outcome}
              </Badge>
            </Table.Td>
            <Table.Td>
              {run.reason && <Text size="sm">{run.reason}</Text>}
              {run.outcome === 'started' && run.crawlJobId && (
                <Anchor component={Link} to={paths.app.crawlJob.getHref(run.crawlJobId)} size="sm">
                  Open crawl
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
