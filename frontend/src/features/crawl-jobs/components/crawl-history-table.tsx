import { Anchor, Table } from '@mantine/core';
import type { CrawlJob } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { crawlMethodLabel } from '@/components/crawl/crawl-method';
import { paths } from '@/config/paths';
import { formatDateTime, formatJobDuration, formatPages } from './crawl-job-format';
import { CrawlJobStatusBadge } from './crawl-job-status';

export function CrawlHistoryTable({ jobs }: { jobs: CrawlJob[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Crawl history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vendor</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th ta="right">Pages</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="crawl-history-row">
              <Table.Td>
                <Anchor component={Link} to={paths.app.crawlJob.getHref(job.id)} size="sm">
                  {job.vendorName ?? 'Unknown vendor'}
                </Anchor>
              </Table.Td>
              <Table.Td>{crawlMethodLabel(job.method)}</Table.Td>
              <Table.Td>
                <CrawlJobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td>{formatDateTime(job.startTime)}</Table.Td>
              <Table.Td>{formatJobDuration(job)}</Table.Td>
              <Table.Td ta="right">{formatPages(job)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
