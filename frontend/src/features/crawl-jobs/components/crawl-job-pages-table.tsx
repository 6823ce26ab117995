import { Alert, Anchor, Badge, Box, Button, Card, Group, Modal, Pagination, Text, Title } from '@mantine/core';
import { isHttpUrl, pageReadByText, type CrawlPage } from '@vendorwatch/contracts';
import { useState } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlJobResults } from '../api/get-crawl-job-results';
import { CrawlPageScreenshot } from './crawl-page-screenshot';

interface CrawlJobPagesTableProps {
  jobId: string;
  /** Polls every `refetchInterval` ms while the crawl is still adding pages. */
  refetchInterval: number | false;
}

const pageTitle = (page: CrawlPage) => page.title || 'Untitled';

export function CrawlJobPagesTable({ jobId, refetchInterval }: CrawlJobPagesTableProps) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<CrawlPage | null>(null);
  const results = useCrawlJobResults({ jobId, page, queryConfig: { refetchInterval } });
  const pageCount = results.data ? Math.ceil(results.data.total / results.data.limit) : 0;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="crawl-job-pages-title">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4" id="crawl-job-pages-title">
          Pages
        </Title>
        {results.data && (
          <Badge variant="light" data-testid="crawl-job-pages-count">
            {results.data.total}
          </Badge>
        )}
      </Group>
      {results.isPending ? (
        <SectionLoader label="Loading pages" />
      ) : results.isError ? (
        <Alert color="red" title="The crawled pages could not be loaded">
          {results.error.message}
        </Alert>
      ) : results.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="crawl-job-pages-empty">
          {refetchInterval ? 'No pages crawled yet.' : 'No pages were crawled.'}
        </Text>
      ) : (
        <>
          <ResponsiveTable
            label="Crawled pages"
            rows={results.data.items}
            rowKey={(crawled) => crawled.id}
            columns={pageColumns(setShown)}
            rowTestId="crawl-job-page-row"
            minWidth={760}
          />
          {pageCount > 1 && (
            <Group justify="flex-end" mt="md">
              <Pagination total={pageCount} value={page} onChange={setPage} aria-label="Crawled pages pages" />
            </Group>
          )}
        </>
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? pageTitle(shown) : ''} size="xl" centered>
        {/* Fetched only when opened: a long crawl would otherwise load every image at once. */}
        {shown?.screenshotUrl && <CrawlPageScreenshot url={shown.screenshotUrl} alt={`Screenshot of ${pageTitle(shown)}`} />}
      </Modal>
    </Card>
  );
}

/** The columns of the pages table (each a labelled line of a card on a phone). */
function pageColumns(onShowScreenshot: (page: CrawlPage) => void): ResponsiveColumn<CrawlPage>[] {
  return [
    {
      header: 'URL',
      cell: (page) => (
        <Box maw={360} style={{ wordBreak: 'break-all' }}>
          {/* Only http(s) becomes a link: a crawled page controls this text. */}
          {isHttpUrl(page.url) ? (
            <Anchor href={page.url} target="_blank" rel="noopener noreferrer" size="sm">
              {page.url}
            </Anchor>
          ) : (
            <Text size="sm">{page.url}</Text>
          )}
          {page.error && (
            <Text size="xs" c="red">
              {page.error}
            </Text>
          )}
          {/* The adaptive method's pages say which way they were read. */}
          {page.readBy && (
            <Text size="xs" c="dimmed" data-testid="crawl-job-page-read-by">
              {pageReadByText(page.readBy)}
            </Text>
          )}
        </Box>
      ),
    },
    {
      header: 'Status',
      cell: (page) =>
        page.statusCode === null ? (
          '—'
        ) : (
          <Badge variant="light" color={page.statusCode < 400 ? 'green' : 'red'}>
            {page.statusCode}
          </Badge>
        ),
    },
    {
      header: 'Title',
      cell: (page) => (
        <Text size="sm" data-testid="crawl-job-page-title">
          {pageTitle(page)}
        </Text>
      ),
    },
    {
      header: 'Response time',
      align: 'right',
      cell: (page) => (page.responseTimeMs === null ? '—' : `${page.responseTimeMs} ms`),
    },
    { header: 'Links', align: 'right', cell: (page) => page.linksCount },
    {
      header: '',
      align: 'right',
      cell: (page) =>
        page.screenshotUrl && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onShowScreenshot(page)}
            aria-label={`Screenshot of ${page.url}`}
          >
            Screenshot
          </Button>
        ),
    },
  ];
}
