import { ActionIcon, Anchor, Badge, Button, Group, Loader, Text, Tooltip, type BadgeProps } from '@mantine/core';
import { IconPlayerPlay, IconSpider } from '@tabler/icons-react';
import { crawlMethodName, isHttpUrl, type Vendor, type VendorLastCrawl, type VendorListItem } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge, UNCUT_BADGE as UNCUT_BADGE_STYLES } from '@/components/compliance/compliance-badges';
import { paths } from '@/config/paths';
import { DeleteVendorButton } from './delete-vendor-button';
import { RequiresPermission } from '@/lib/workspace';

/** A badge keeps its whole text: it neither shrinks nor cuts "Non-Compliant" to "NON-COMP…". */
export const UNCUT_BADGE: Pick<BadgeProps, 'style' | 'styles'> = {
  style: { flexShrink: 0, maxWidth: 'none' },
  styles: { label: { overflow: 'visible' } },
};

export function VendorNameLink({ vendor }: { vendor: Vendor }) {
  return (
    <Anchor component={Link} to={paths.app.vendor.getHref(vendor.id)} fw={500} data-testid="vendor-link">
      {vendor.name}
    </Anchor>
  );
}

/** A URL as a person reads it: without `https://` and the bare site's trailing `/`. */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//, '').replace(/^([^/]+)\/$/, '$1');

export function VendorUrl({ vendor }: { vendor: Vendor }) {
  // Only http(s) becomes a link: a stored "javascript:" URL must never be clickable. A long URL ends
  // in "…" on one line (the whole of it in the tooltip and the link) instead of breaking mid-word.
  return isHttpUrl(vendor.url) ? (
    <Anchor
      href={vendor.url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      title={vendor.url}
      truncate="end"
      display="block"
      maw="100%"
      data-testid="vendor-url"
    >
      {displayUrl(vendor.url)}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {vendor.url || '—'}
    </Text>
  );
}

const GRADE_COLOURS = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' } as const;

/** The latest assessment's overall grade as a letter; "–" before the first, or when nothing could be judged. */
export function VendorGrade({ vendor }: { vendor: VendorListItem }) {
  if (!vendor.grade) {
    return (
      <Text size="sm" c="dimmed" aria-label={`${vendor.name}: not graded`} data-testid="vendor-grade-none">
        –
      </Text>
    );
  }
  return (
    <Badge
      color={GRADE_COLOURS[vendor.grade]}
      variant="filled"
      size="lg"
      w={34}
      px={0}
      styles={UNCUT_BADGE_STYLES}
      aria-label={`${vendor.name}: grade ${vendor.grade}`}
      data-testid="vendor-grade"
    >
      {vendor.grade}
    </Badge>
  );
}

/** The latest assessment's label, opening its report; a dash before the first one. */
export function VendorCompliance({ vendor }: { vendor: VendorListItem }) {
  return vendor.compliance ? (
    <Anchor
      component={Link}
      to={paths.app.report.getHref(vendor.compliance.reportId)}
      aria-label={`${vendor.name} compliance report`}
    >
      <ComplianceLabelBadge
        rate={vendor.compliance.rate}
        label={vendor.compliance.label}
        {...UNCUT_BADGE}
        style={{ ...UNCUT_BADGE.style, cursor: 'pointer' }}
        data-testid="vendor-compliance"
      />
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed" data-testid="vendor-compliance-none">
      —
    </Text>
  );
}

/** Crawl (the Configure Crawl dialog), the vendor's crawler page, and Delete: each for a role that may. */
/** A crawl still to finish: the vendor's Crawl button shows it instead of offering another. */
type CrawlShown = Pick<VendorLastCrawl, 'id' | 'status' | 'method' | 'progress' | 'pagesDone' | 'pagesPlanned'>;
const isGoing = (crawl: CrawlShown | null | undefined): crawl is CrawlShown =>
  crawl?.status === 'queued' || crawl?.status === 'running';

/**
 * The vendor's Crawl button: "Crawl" opens the configure dialog; while its last crawl is queued or
 * running it reads "Crawling… 40 %" (or "Queued…") and opens that crawl, with its method in the tooltip.
 */
export function CrawlButton({
  vendor,
  lastCrawl,
  onCrawl,
}: {
  vendor: Vendor;
  /** The vendor's latest crawl (the list's `lastCrawl`, or a crawl job). */
  lastCrawl?: CrawlShown | null;
  onCrawl: (vendor: Vendor) => void;
}) {
  if (isGoing(lastCrawl)) {
    const label = lastCrawl.status === 'queued' ? 'Queued…' : `Crawling… ${Math.round(lastCrawl.progress)} %`;
    const how = `${crawlMethodName(lastCrawl.method)} crawl ${lastCrawl.status === 'queued' ? 'queued' : 'running'}`;
    return (
      <Tooltip label={`${how}: ${lastCrawl.pagesDone} of ${lastCrawl.pagesPlanned} pages — open it`}>
        <Button
          component={Link}
          to={paths.app.crawlJob.getHref(lastCrawl.id)}
          size="xs"
          variant="light"
          color="yellow"
          leftSection={<Loader size={12} color="yellow" />}
          aria-label={`${how} for ${vendor.name}, ${Math.round(lastCrawl.progress)} % done: open it`}
          data-testid="crawl-running"
          style={{ flexShrink: 0 }}
        >
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlayerPlay size={14} />}
      onClick={() => onCrawl(vendor)}
      aria-label={`Crawl ${vendor.name}`}
    >
      Crawl
    </Button>
  );
}

export function VendorActions({
  vendor,
  onCrawl,
  wrap = false,
  compact = false,
}: {
  vendor: Vendor & { lastCrawl?: VendorLastCrawl | null };
  onCrawl: (vendor: Vendor) => void;
  wrap?: boolean;
  /** The table's row: Crawler and Delete as icons with tooltips, so every column fits a laptop's width. */
  compact?: boolean;
}) {
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'} justify={wrap ? 'flex-start' : 'flex-end'} data-testid="vendor-actions">
      <RequiresPermission permission="crawls.run">
        <CrawlButton vendor={vendor} lastCrawl={vendor.lastCrawl} onCrawl={onCrawl} />
      </RequiresPermission>
      {compact ? (
        <Tooltip label="Crawler settings">
          <ActionIcon
            component={Link}
            to={paths.app.crawler.getHref(vendor.id)}
            size="md"
            variant="default"
            aria-label={`Open crawler for ${vendor.name}`}
          >
            <IconSpider size={14} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          component={Link}
          to={paths.app.crawler.getHref(vendor.id)}
          size="xs"
          variant="default"
          leftSection={<IconSpider size={14} />}
          aria-label={`Open crawler for ${vendor.name}`}
        >
          Crawler
        </Button>
      )}
      <RequiresPermission permission="vendors.write">
        <DeleteVendorButton vendor={vendor} compact={compact} />
      </RequiresPermission>
    </Group>
  );
}
