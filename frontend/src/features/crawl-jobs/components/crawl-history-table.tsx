import { Anchor } from '@mantine/core';
import type { CrawlJob } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { crawlMethodLabel } from '@/components/crawl/crawl-method';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { paths } from '@/config/paths';
import { formatDateTime, formatJobDuration, formatPages } from './crawl-job-format';
import { CrawlJobStatusBadge } from './crawl-job-status';

const columns: ResponsiveColumn<CrawlJob>[] = [
  {
    header: 'Vendor',
    cell: (job) => (
      <Anchor component={Link} to={paths.app.crawlJob.getHref(job.id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {job.vendorName ?? 'Unknown vendor'}
      </Anchor>
    ),
  },
  { header: 'Method', cell: (job) => crawlMethodLabel(job.method) },
  { header: 'Status', cell: (job) => <CrawlJobStatusBadge status={job.status} /> },
  { header: 'Started', cell: (job) => formatDateTime(job.startTime) },
  { header: 'Duration', cell: (job) => formatJobDuration(job) },
  { header: 'Pages', align: 'right', cell: (job) => formatPages(job) },
];

/** The workspace's crawls: a table on a wide screen, a card per crawl on a phone. */
export function CrawlHistoryTable({ jobs }: { jobs: CrawlJob[] }) {
  return (
    <ResponsiveTable
      label="Crawl history"
      rows={jobs}
      rowKey={(job) => job.id}
      columns={columns}
      rowTestId="crawl-history-row"
      minWidth={760}
    />
  );
}
