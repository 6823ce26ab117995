import { Alert, Badge, Button, Card, em, Group, px, SimpleGrid, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { MESSAGES, type Vendor, type VendorListItem } from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { SectionLoader } from '@/components/ui/section-loader';
import { useVendors } from '../api/get-vendors';
import { CrawlVendorDialog, type StartCrawlHandler } from './crawl-vendor-dialog';
import { VendorCard } from './vendor-card';
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
}

export function VendorsList({ onStartCrawl, apiNotice, lastCrawlOf, nextRunOf }: VendorsListProps) {
  const vendors = useVendors();
  const [crawlTarget, setCrawlTarget] = useState<Vendor | null>(null);
  const [crawlOpened, crawlDialog] = useDisclosure(false);

  const openCrawl = (vendor: Vendor) => {
    setCrawlTarget(vendor);
    crawlDialog.open();
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Vendors
        </Title>
        {vendors.data && <Badge variant="light">{vendors.data.length}</Badge>}
      </Group>
      <VendorsListBody vendors={vendors} onCrawl={openCrawl} lastCrawlOf={lastCrawlOf} nextRunOf={nextRunOf} />
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
  onCrawl: (vendor: Vendor) => void;
  lastCrawlOf?: (vendor: VendorListItem) => ReactNode;
  nextRunOf?: (vendorId: string) => ReactNode;
}

function VendorsListBody({ vendors, onCrawl, lastCrawlOf, nextRunOf }: VendorsListBodyProps) {
  // Seven columns need the width of a laptop: below the medium breakpoint each vendor is a card.
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.md)) - 1)})`);

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
  if (vendors.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="vendors-empty">
        {MESSAGES.vendors.noneFound}
      </Text>
    );
  }
  const itemProps = (vendor: VendorListItem) => ({
    vendor,
    onCrawl,
    lastCrawl: lastCrawlOf?.(vendor),
    nextRun: nextRunOf?.(vendor.id),
  });
  if (narrow) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label="Vendors" data-testid="vendor-cards">
        {vendors.data.map((vendor) => (
          <VendorCard key={vendor.id} {...itemProps(vendor)} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Vendors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Compliance</Table.Th>
            {lastCrawlOf && <Table.Th>Last crawl</Table.Th>}
            {nextRunOf && <Table.Th>Next run</Table.Th>}
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vendors.data.map((vendor) => (
            <VendorRow key={vendor.id} {...itemProps(vendor)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
