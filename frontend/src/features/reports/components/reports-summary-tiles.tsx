import { Badge, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { CHECK_SEVERITIES, CHECK_SEVERITY_LABELS, type ReportsOverview } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { ComplianceRate, UNCUT_BADGE } from '@/components/compliance/compliance-badges';

const count = (value: number) => value.toLocaleString('en-US');

/** Critical and high failures are the ones to act on first: they stand out; medium and low stay quiet. */
const URGENT = { critical: 'red', high: 'orange' } as const;

function Tile({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-labelledby={`report-tile-${id}-label`}
      data-testid={`report-tile-${id}`}
    >
      <Text id={`report-tile-${id}-label`} size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function TileFigure({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text fz={28} fw={700} lh={1.3} data-testid={`report-tile-${id}-value`}>
      {children}
    </Text>
  );
}

/**
 * Vendors assessed of those in scope (with how many are not assessed and whose last crawl failed),
 * their average compliance rate, pages checked and the failures still open.
 */
export function ReportsSummaryTiles({ overview }: { overview: ReportsOverview | undefined }) {
  if (!overview) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const open = CHECK_SEVERITIES.reduce((sum, severity) => sum + overview.openFailures[severity], 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Tile id="vendors" label="Vendors assessed">
        <Group gap={6} align="baseline">
          <TileFigure id="vendors">{count(overview.vendorsAssessed)}</TileFigure>
          <Text c="dimmed" fw={500} data-testid="report-tile-vendors-scope">
            of {count(overview.vendorsInScope)}
          </Text>
        </Group>
        {overview.vendorsAssessed < overview.vendorsInScope && (
          <Group gap={4} mt={4}>
            {overview.vendorsCrawlFailed > 0 && (
              <Badge size="sm" color="red" variant="outline" styles={UNCUT_BADGE} data-testid="report-vendors-failed">
                {overview.vendorsCrawlFailed} last crawl failed
              </Badge>
            )}
            {overview.vendorsNotAssessed > 0 && (
              <Badge size="sm" color="gray" variant="outline" styles={UNCUT_BADGE} data-testid="report-vendors-not-assessed">
                {overview.vendorsNotAssessed} not assessed yet
              </Badge>
            )}
          </Group>
        )}
      </Tile>
      <Tile id="average-rate" label="Average compliance rate">
        <ComplianceRate rate={overview.averageRate} fz={28} lh={1.3} data-testid="report-tile-average-rate-value" />
      </Tile>
      <Tile id="pages" label="Pages checked">
        <TileFigure id="pages">{count(overview.pagesChecked)}</TileFigure>
      </Tile>
      <Tile id="failures" label="Open failures">
        <TileFigure id="failures">{count(open)}</TileFigure>
        <Group gap={4} mt={4}>
          {CHECK_SEVERITIES.map((severity) => {
            const n = overview.openFailures[severity];
            const urgent = severity === 'critical' || severity === 'high';
            return (
              <Badge
                key={severity}
                styles={UNCUT_BADGE}
                size="sm"
                variant={urgent && n > 0 ? 'filled' : 'light'}
                color={urgent && n > 0 ? URGENT[severity] : 'gray'}
                data-testid={`report-failures-${severity}`}
                data-urgent={urgent && n > 0}
              >
                {n} {CHECK_SEVERITY_LABELS[severity].toLowerCase()}
              </Badge>
            );
          })}
        </Group>
      </Tile>
    </SimpleGrid>
  );
}
