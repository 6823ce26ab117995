import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  em,
  Group,
  Pagination,
  px,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { plural, MESSAGES, type ProgrammeTier, type Vendor, type VendorListItem } from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCan } from '@/lib/workspace';
import { useVendors } from '../api/get-vendors';
import { CrawlVendorDialog, type StartCrawlHandler } from './crawl-vendor-dialog';
import { ImportVendorsButton } from './import-vendors-button';
import { MoveVendorsButton } from './move-vendors-button';
import { isFiltered, useVendorListView, VENDOR_PAGE_SIZE, type VendorListView } from './use-vendor-list-params';
import { VendorCard } from './vendor-card';
import { SortHeader, VendorListFilters } from './vendor-list-controls';
import { VendorRow } from './vendor-row';

interface VendorsListProps {
  /** Starts a crawl from the Configure Crawl dialog; supplied by the screen, which owns crawl jobs. */
  onStartCrawl?: StartCrawlHandler;
  /** Under the dialog's API method: whether an API key is configured (the screen knows the configurations). */
  apiNotice?: ReactNode;
  /** Each vendor's "Last crawl" cell; supplied by the screen, which owns crawl jobs. No column without it. */
  lastCrawlOf?: (vendor: VendorListItem) => ReactNode;
  /** Each vendor's "Next run" cell; supplied by the screen, which owns schedules. No column without it. */
  nextRunOf?: (vendorId: string) => ReactNode;
  /** The workspace's tiers, to name each vendor's tier; supplied by the screen, which owns the programme settings. */
  tiers?: readonly ProgrammeTier[];
}

/**
 * The analyst's main view: every vendor with its grade, compliance, vulnerable libraries, last
 * assessment and last crawl; searched, filtered, sorted and paged on the server, the view kept in the URL.
 */
export function VendorsList({ onStartCrawl, apiNotice, lastCrawlOf, nextRunOf, tiers }: VendorsListProps) {
  const { view, setView } = useVendorListView();
  const vendors = useVendors({
    params: {
      q: view.q || undefined,
      sort: view.sort,
      order: view.order,
      grade: view.grade,
      label: view.label,
      crawlState: view.crawlState,
      tier: view.tier,
      reviewStatus: view.reviewStatus,
      page: view.page,
      limit: VENDOR_PAGE_SIZE,
    },
  });
  const [crawlTarget, setCrawlTarget] = useState<Vendor | null>(null);
  const [crawlOpened, crawlDialog] = useDisclosure(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const canMove = useCan('vendors.move');
  // Seven columns need the width of a laptop: below the medium breakpoint each vendor is a card.
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.md)) - 1)})`) ?? false;

  const openCrawl = (vendor: Vendor) => {
    setCrawlTarget(vendor);
    crawlDialog.open();
  };
  const select = (vendorId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(vendorId);
      else next.delete(vendorId);
      return next;
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap="xs">
          <Title order={3} size="h4">
            Vendors
          </Title>
          {vendors.data && (
            <Badge variant="light" data-testid="vendor-count" aria-label={plural(vendors.data.total, 'vendor')}>
              {vendors.data.total.toLocaleString('en-US')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {canMove && selected.size > 0 && <MoveVendorsButton vendorIds={[...selected]} onMoved={() => setSelected(new Set())} />}
          <ImportVendorsButton />
        </Group>
      </Group>
      <Stack gap="md">
        <VendorListFilters view={view} setView={setView} sortSelect={narrow} tiers={tiers} />
        <VendorsListBody
          vendors={vendors}
          view={view}
          setView={setView}
          narrow={narrow}
          onCrawl={openCrawl}
          lastCrawlOf={lastCrawlOf}
          nextRunOf={nextRunOf}
          tiers={tiers}
          selected={canMove ? selected : undefined}
          onSelect={canMove ? select : undefined}
          onSelectPage={(ids, on) =>
            setSelected((current) => new Set(on ? [...current, ...ids] : [...current].filter((id) => !ids.includes(id))))
          }
        />
      </Stack>
      {/* Kept mounted with the last vendor so the closing animation still shows its name. */}
      <CrawlVendorDialog
        vendor={crawlTarget}
        opened={crawlOpened}
        onClose={crawlDialog.close}
        onStart={onStartCrawl}
        apiNotice={apiNotice}
      />
    </Card>
  );
}

interface VendorsListBodyProps {
  vendors: ReturnType<typeof useVendors>;
  view: VendorListView;
  setView: (changes: Partial<VendorListView>) => void;
  narrow: boolean;
  onCrawl: (vendor: Vendor) => void;
  lastCrawlOf?: (vendor: VendorListItem) => ReactNode;
  nextRunOf?: (vendorId: string) => ReactNode;
  tiers?: readonly ProgrammeTier[];
  selected?: Set<string>;
  onSelect?: (vendorId: string, selected: boolean) => void;
  onSelectPage: (vendorIds: string[], selected: boolean) => void;
}

function VendorsListBody({
  vendors,
  view,
  setView,
  narrow,
  onCrawl,
  lastCrawlOf,
  nextRunOf,
  tiers,
  selected,
  onSelect,
  onSelectPage,
}: VendorsListBodyProps) {
  if (vendors.isPending) return <SectionLoader label="Loading vendors" />;
  if (vendors.isError) {
    return (
      <Stack>
        <Alert color="red" title={MESSAGES.vendors.loadFailed} data-testid="vendors-error">
          {vendors.error.message}
        </Alert>
        <Group>
          <Button variant="default" onClick={() => void vendors.refetch()} loading={vendors.isFetching}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  const { items, total } = vendors.data;
  if (items.length === 0) {
    const filtered = isFiltered(view);
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="vendors-empty">
        {filtered ? 'No vendors match the search and filters' : MESSAGES.vendors.noneFound}
      </Text>
    );
  }
  const itemProps = (vendor: VendorListItem) => ({
    vendor,
    onCrawl,
    lastCrawl: lastCrawlOf?.(vendor),
    nextRun: nextRunOf?.(vendor.id),
    tiers,
    selected: selected?.has(vendor.id) ?? false,
    onSelect,
  });
  const pageIds = items.map((vendor) => vendor.id);
  const pageSelected = pageIds.filter((id) => selected?.has(id)).length;
  const sortProps = { view, setView };
  return (
    <Stack gap="md">
      {narrow ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label="Vendors" data-testid="vendor-cards">
          {items.map((vendor) => (
            <VendorCard key={vendor.id} {...itemProps(vendor)} />
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={1060}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Vendors" style={{ tableLayout: 'auto' }}>
            <Table.Thead>
              <Table.Tr>
                {onSelect && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select every vendor on this page"
                      checked={pageSelected === pageIds.length}
                      indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                      onChange={(event) => onSelectPage(pageIds, event.currentTarget.checked)}
                    />
                  </Table.Th>
                )}
                <SortHeader column="name" {...sortProps}>
                  Name
                </SortHeader>
                <SortHeader column="grade" {...sortProps}>
                  Grade
                </SortHeader>
                <SortHeader column="rate" {...sortProps}>
                  Compliance
                </SortHeader>
                <SortHeader column="vulnerableLibraries" align="right" {...sortProps}>
                  Vulnerable libraries
                </SortHeader>
                <SortHeader column="lastAssessedAt" {...sortProps}>
                  Last assessed
                </SortHeader>
                {lastCrawlOf && (
                  <SortHeader column="lastCrawl" {...sortProps}>
                    Last crawl
                  </SortHeader>
                )}
                {nextRunOf && <Table.Th>Next run</Table.Th>}
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((vendor) => (
                <VendorRow key={vendor.id} {...itemProps(vendor)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter total={total} page={view.page} shown={items.length} onPage={(page) => setView({ ...view, page })} />
    </Stack>
  );
}

/** "1–25 of 1,000 vendors" and the pages, when there is more than one. */
function ListFooter({
  total,
  page,
  shown,
  onPage,
}: {
  total: number;
  page: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / VENDOR_PAGE_SIZE));
  const first = (page - 1) * VENDOR_PAGE_SIZE + 1;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="vendor-list-range">
        {shown === total ? plural(total, 'vendor') : `${first}–${first + shown - 1} of ${plural(total, 'vendor')}`}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" siblings={1} aria-label="Pages" />
      )}
    </Group>
  );
}
