import { Button, Group, Select, TextInput } from '@mantine/core';
import type { CrawlJobStatus } from '@vendorwatch/contracts';
import { CRAWL_JOB_STATUS_OPTIONS } from './crawl-job-status';

export interface CrawlHistoryFilterValues {
  vendorId?: string;
  status?: CrawlJobStatus;
  from?: string;
  to?: string;
}

interface CrawlHistoryFiltersProps {
  values: CrawlHistoryFilterValues;
  vendors: { id: string; name: string }[];
  /** One filter changed; `undefined` clears it. */
  onChange: (name: keyof CrawlHistoryFilterValues, value: string | undefined) => void;
  onClear: () => void;
}

export function CrawlHistoryFilters({ values, vendors, onChange, onClear }: CrawlHistoryFiltersProps) {
  const filtered = Object.values(values).some((value) => value !== undefined);
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Crawl history filters">
      <Select
        label="Vendor"
        placeholder="All vendors"
        data={vendors.map(({ id, name }) => ({ value: id, label: name }))}
        value={values.vendorId ?? null}
        onChange={(value) => onChange('vendorId', value ?? undefined)}
        clearable
        searchable
        w={220}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={CRAWL_JOB_STATUS_OPTIONS}
        value={values.status ?? null}
        onChange={(value) => onChange('status', value ?? undefined)}
        clearable
        w={180}
      />
      <TextInput
        type="date"
        label="From"
        value={values.from ?? ''}
        max={values.to}
        onChange={(event) => onChange('from', event.currentTarget.value || undefined)}
        w={170}
      />
      <TextInput
        type="date"
        label="To"
        value={values.to ?? ''}
        min={values.from}
        onChange={(event) => onChange('to', event.currentTarget.value || undefined)}
        w={170}
      />
      <Button variant="default" onClick={onClear} disabled={!filtered}>
        Clear filters
      </Button>
    </Group>
  );
}
