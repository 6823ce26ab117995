import { Alert, Anchor, Badge, Button, Card, Group, Modal, Pagination, Table, Text, Title } from '@mantine/core';
import { isHttpUrl, type CrawlPage } from '@vendorwatch/contracts';
import { useState } from 'react';
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
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Crawled pages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th ta="right">Response time</Table.Th>
                  <Table.Th ta="right">Links</Table.Th>
                  <Table.Th ta="right">Screenshot</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.items.map((crawled) => (
                  <CrawlJobPageRow key={crawled.id} page={crawled} onShowScreenshot={setShown} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

function CrawlJobPageRow({ page, onShowScreenshot }: { page: CrawlPage; onShowScreenshot: (page: CrawlPage) => void }) {
  const title = pageTitle(page);
  return (
    <Table.Tr data-testid="crawl-job-page-row">
      <Table.Td maw={360} style={{ wordBreak: 'break-all' }}>
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
      </Table.Td>
      <Table.Td>
        {page.statusCode === null ? (
          '—'
        ) : (
          <Badge variant="light" color={page.statusCode < 400 ? 'green' : 'red'}>
            {page.statusCode}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-testid="crawl-job-page-title">{title}</Table.Td>
      <Table.Td ta="right">{page.responseTimeMs === null ? '—' : `${page.responseTimeMs} ms`}</Table.Td>
      <Table.Td ta="right">{page.linksCount}</Table.Td>
      <Table.Td ta="right">
        {page.screenshotUrl && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onShowScreenshot(page)}
            aria-label={`Screenshot of ${page.url}`}
          >
            Screenshot
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
