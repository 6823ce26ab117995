import { Alert, Button, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { crawlHistoryQuerySchema, MESSAGES } from '@vendorwatch/contracts';
import { useSearchParams } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlHistory, type CrawlHistoryFilters as Filters } from '../api/get-crawl-history';
import { CrawlHistoryFilters, type CrawlHistoryFilterValues } from './crawl-history-filters';
import { CrawlHistoryTable } from './crawl-history-table';

const fields = crawlHistoryQuerySchema.shape;

/** A hand-edited or stale address must not turn into a 400: a value the API would reject is ignored. */
const valid = <T,>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  raw: string | null,
) => {
  if (raw === null || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

/** Filters and page live in the address, so a filtered page can be reloaded, shared and gone back to. */
const readFilters = (params: URLSearchParams): Filters => ({
  vendorId: valid(fields.vendorId, params.get('vendorId')),
  status: valid(fields.status, params.get('status')),
  from: valid(fields.from, params.get('from')),
  to: valid(fields.to, params.get('to')),
  page: valid(fields.page, params.get('page')) ?? 1,
});

interface CrawlHistoryProps {
  /** The vendor filter's choices; supplied by the screen, which reads them from the vendors feature. */
  vendors: { id: string; name: string }[];
}

export function CrawlHistory({ vendors }: CrawlHistoryProps) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const history = useCrawlHistory({ filters });

  const setFilter = (name: keyof CrawlHistoryFilterValues, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      // Another filter means another result set: back to its first page.
      next.delete('page');
      return next;
    });
  const clearFilters = () => setParams(new URLSearchParams());
  const setPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(page));
      return next;
    });

  const { vendorId, status, from, to, page } = filters;
  const pageCount = history.data ? Math.ceil(history.data.total / history.data.limit) : 0;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <CrawlHistoryFilters
          values={{ vendorId, status, from, to }}
          vendors={vendors}
          onChange={setFilter}
          onClear={clearFilters}
        />
        {history.isPending ? (
          <SectionLoader label="Loading crawl history" />
        ) : history.isError ? (
          <Stack>
            <Alert color="red" title={MESSAGES.crawls.historyFailed} data-testid="crawl-history-error">
              {history.error.message}
            </Alert>
            <Group>
              <Button variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
                Try again
              </Button>
            </Group>
          </Stack>
        ) : history.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="crawl-history-empty">
            {MESSAGES.crawls.noHistoryFound}
          </Text>
        ) : (
          <>
            <CrawlHistoryTable jobs={history.data.items} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="crawl-history-total">
                {history.data.total} crawl {history.data.total === 1 ? 'job' : 'jobs'}
              </Text>
              {pageCount > 1 && <Pagination total={pageCount} value={page} onChange={setPage} aria-label="Crawl history pages" />}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
