import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { CrawlJobDetail } from '@/features/crawl-jobs/components/crawl-job-detail';
import { useRetryCrawl } from '@/features/crawl-jobs/components/use-start-crawl-and-follow';

export default function CrawlJobRoute() {
  const { jobId = '' } = useParams();
  const retry = useRetryCrawl();
  return (
    <ContentLayout title="Crawl Job">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.app.crawls.getHref()} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Back to crawl history
        </Anchor>
        {/* Keyed by job: another job starts from its own first page of results. */}
        <CrawlJobDetail key={jobId} jobId={jobId} onRetry={retry} />
      </Stack>
    </ContentLayout>
  );
}
