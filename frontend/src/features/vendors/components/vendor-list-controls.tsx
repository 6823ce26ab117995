import { Button, Group, Select, Table, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch, IconX } from '@tabler/icons-react';
import {
  COMPLIANCE_LABELS,
  CRAWL_JOB_STATUSES,
  defaultOrderOf,
  GRADE_LETTERS,
  LIMITS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ProgrammeTier,
  type VendorListSort,
} from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { tierOptions } from './programme/tier-options';
import { isFiltered, type VendorListView } from './use-vendor-list-params';

const CRAWL_STATE_LABELS: Record<(typeof CRAWL_JOB_STATUSES)[number], string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const GRADE_OPTIONS = [
  ...GRADE_LETTERS.map((letter) => ({ value: letter, label: `Grade ${letter}` })),
  { value: 'none', label: 'Not graded' },
];
const LABEL_OPTIONS = [...COMPLIANCE_LABELS.map((label) => ({ value: label, label })), { value: 'none', label: 'Not assessed' }];
const CRAWL_STATE_OPTIONS = [
  ...CRAWL_JOB_STATUSES.map((status) => ({ value: status, label: CRAWL_STATE_LABELS[status] })),
  { value: 'none', label: 'Never crawled' },
];

const REVIEW_STATUS_OPTIONS = REVIEW_STATUSES.map((status) => ({ value: status, label: REVIEW_STATUS_LABELS[status] }));

export const SORT_LABELS: Record<VendorListSort, string> = {
  createdAt: 'Newest',
  name: 'Name',
  grade: 'Grade',
  rate: 'Compliance',
  label: 'Label',
  vulnerableLibraries: 'Vulnerable libraries',
  lastAssessedAt: 'Last assessed',
  lastCrawl: 'Last crawl',
};

interface ControlsProps {
  view: VendorListView;
  setView: (changes: Partial<VendorListView>) => void;
}

/**
 * Search (name, URL or domain) and the filters by grade, crawl state, label, tier and review status; each change is
 * written to the URL. On a phone the two short ones (grade, crawl state) share a line, the others have one each.
 */
export function VendorListFilters({
  view,
  setView,
  sortSelect,
  tiers,
}: ControlsProps & { sortSelect: boolean; tiers?: readonly ProgrammeTier[] }) {
  // The field answers each key press; the list (and the URL) follow once typing pauses.
  const [text, setText] = useState(view.q);
  const search = useDebouncedCallback((q: string) => setView({ q: q.trim() }), 300);
  const filtered = isFiltered(view);
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" data-testid="vendor-list-filters">
      <TextInput
        aria-label="Search vendors"
        placeholder="Search name or domain"
        leftSection={<IconSearch size={16} />}
        value={text}
        maxLength={LIMITS.vendorList.searchMaxLength}
        onChange={(event) => {
          setText(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 220 }}
        data-testid="vendor-search"
      />
      <FilterSelect
        label="Grade"
        placeholder="Any grade"
        data={GRADE_OPTIONS}
        value={view.grade}
        onChange={(grade) => setView({ grade })}
      />
      <FilterSelect
        label="Crawl state"
        placeholder="Any crawl state"
        data={CRAWL_STATE_OPTIONS}
        value={view.crawlState}
        onChange={(crawlState) => setView({ crawlState })}
        width={160}
      />
      <FilterSelect
        label="Label"
        placeholder="Any label"
        data={LABEL_OPTIONS}
        value={view.label}
        onChange={(label) => setView({ label })}
        width={190}
        phoneFull
      />
      <FilterSelect
        label="Tier"
        placeholder="Any tier"
        data={tierOptions(tiers, true)}
        value={view.tier}
        onChange={(tier) => setView({ tier })}
        phoneFull
      />
      <FilterSelect
        label="Review status"
        placeholder="Any review status"
        data={REVIEW_STATUS_OPTIONS}
        value={view.reviewStatus}
        onChange={(reviewStatus) => setView({ reviewStatus })}
        width={170}
        phoneFull
      />
      {sortSelect && (
        <Select
          aria-label="Sort by"
          data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label: `Sort: ${label}` }))}
          value={view.sort}
          onChange={(sort) => sort && setView({ sort: sort as VendorListSort, order: undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconX size={14} />}
          onClick={() => {
            setText('');
            setView({
              q: '',
              grade: undefined,
              label: undefined,
              crawlState: undefined,
              tier: undefined,
              reviewStatus: undefined,
            });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}

function FilterSelect<T extends string>({
  label,
  placeholder,
  data,
  value,
  onChange,
  width = 140,
  phoneFull = false,
}: {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  width?: number;
  /** On a phone, the whole line: its words ("Partially Compliant", "Any review status", a tier's name) do not fit half of it. */
  phoneFull?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange((next ?? undefined) as T | undefined)}
      clearable
      w={{ base: phoneFull ? '100%' : 'calc(50% - 5px)', xs: width }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A column heading that sorts the list by its column; again, the other way. */
export function SortHeader({
  column,
  view,
  setView,
  children,
  align,
}: ControlsProps & { column: VendorListSort; children: ReactNode; align?: 'right' }) {
  const active = view.sort === column;
  const order = active ? (view.order ?? defaultOrderOf(column)) : undefined;
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  const next = () => setView({ sort: column, order: active ? (order === 'asc' ? 'desc' : 'asc') : defaultOrderOf(column) });
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'} ta={align}>
      <UnstyledButton onClick={next} fw={700} fz="sm" data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {children}
          <Icon size={14} opacity={active ? 1 : 0.4} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
