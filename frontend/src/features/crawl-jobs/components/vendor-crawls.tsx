import { Alert, Card, Group, Pagination, Text, Title } from '@mantine/core';
import { LIMITS } from '@vendorwatch/contracts';
import { useState } from 'react';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlHistory } from '../api/get-crawl-history';
import { CrawlHistoryTable } from './crawl-history-table';

/** One vendor's crawls, newest first, a page at a time; polled while one may be under way. */
export function VendorCrawls({ vendorId }: { vendorId: string }) {
  const [page, setPage] = useState(1);
  const history = useCrawlHistory({ filters: { vendorId, page }, queryConfig: { refetchInterval: 5000 } });
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / LIMITS.pagination.defaultLimit)) : 1;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Crawls
      </Title>
      {history.isPending ? (
        <SectionLoader label="Loading crawls" />
      ) : history.isError ? (
        <Alert color="red">{history.error.message}</Alert>
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="vendor-crawls-empty">
          No crawls of this vendor yet.
        </Text>
      ) : (
        <>
          <CrawlHistoryTable jobs={history.data.items} />
          {pages > 1 && (
            <Group justify="flex-end" mt="md">
              <Pagination value={page} onChange={setPage} total={pages} size="sm" />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}
