import { Chip, Group, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, REMEDIATION_STATE_FILTERS, type RemediationStateFilter } from '@vendorwatch/contracts';
import { useSearchParams } from 'react-router-dom';
import { getRemediationRequestsQueryOptions } from '../api/get-remediation-requests';
import { RemediationRequestsCard } from './remediation-requests-card';

const PAGE_SIZE = LIMITS.pagination.defaultLimit;

/** The tabs of the list: `all` asks the API for no state; the others are its `?state=` values. */
type ListFilter = RemediationStateFilter | 'all';

const FILTERS: { value: ListFilter; label: string; title: string; empty: string }[] = [
  { value: 'open', label: 'Open', title: 'Open requests', empty: 'No request is waiting on a vendor or on you.' },
  { value: 'overdue', label: 'Overdue', title: 'Overdue requests', empty: 'No open request is past its due date.' },
  { value: 'responded', label: 'Awaiting review', title: 'Awaiting review', empty: 'No vendor reply is waiting.' },
  { value: 'closed', label: 'Closed', title: 'Closed requests', empty: 'No request has closed yet.' },
  { value: 'cancelled', label: 'Cancelled', title: 'Cancelled requests', empty: 'No request was cancelled.' },
  { value: 'all', label: 'All', title: 'All requests', empty: 'No fix has been requested from a vendor yet.' },
];

// `sent` and `viewed` are states the API takes too, though no tab shows them alone.
const isListFilter = (value: string | null): value is ListFilter =>
  value === 'all' || (REMEDIATION_STATE_FILTERS as readonly (string | null)[]).includes(value);

/** The filter and page in the URL (`?state=&page=`), so the Programme screen's counts link straight to them. */
function useListView() {
  const [search, setSearch] = useSearchParams();
  const state = search.get('state');
  const filter: ListFilter = isListFilter(state) ? state : 'open';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1);
  const setView = (next: { filter: ListFilter; page: number }) => {
    const params = new URLSearchParams({ state: next.filter });
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  return { filter, page, setView };
}

/** The workspace's remediation requests, by state and newest first, each leading to its detail. */
export function RemediationRequestsList() {
  const { filter, page, setView } = useListView();
  const query = useQuery({
    ...getRemediationRequestsQueryOptions({
      state: filter === 'all' ? undefined : filter,
      page,
      limit: PAGE_SIZE,
    }),
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const shown = FILTERS.find((item) => item.value === filter);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={filter} onChange={(value) => setView({ filter: value as ListFilter, page: 1 })}>
        <Group gap="xs" role="radiogroup" aria-label="State" data-testid="remediation-requests-filter">
          {FILTERS.map((item) => (
            <Chip key={item.value} value={item.value} variant="light">
              {item.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <RemediationRequestsCard
        title={shown?.title ?? `Requests: ${filter}`}
        query={query}
        emptyText={shown?.empty ?? 'No request is in this state.'}
        showVendor
        data-testid="remediation-requests"
        footer={
          pages > 1 && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Page {Math.min(page, pages)} of {pages}
              </Text>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => setView({ filter, page: next })}
                size="sm"
                siblings={1}
                aria-label="Pages"
              />
            </Group>
          )
        }
      />
    </Stack>
  );
}
