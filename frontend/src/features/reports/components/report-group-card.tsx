import { Accordion, Badge, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  CHECK_GROUP_TITLES,
  type CheckGroup,
  type ReportCheck as ReportCheckResult,
  type ReportCheckOutcome,
} from '@vendorwatch/contracts';
import { UNCUT_BADGE } from '@/components/compliance/compliance-badges';
import { ReportCheck } from './report-check';

/** Failures first within a group, then warnings, accepted risks, passes and what could not be evaluated. */
const OUTCOME_ORDER: Record<ReportCheckOutcome, number> = {
  fail: 0,
  warn: 1,
  accepted: 2,
  pass: 3,
  not_checked: 4,
  not_applicable: 5,
};

interface ReportGroupCardProps {
  group: CheckGroup;
  /** The assessment's checks; those of other groups are left out. */
  checks: readonly ReportCheckResult[];
  jobId: string;
  /** Pages of the evidence that have a screenshot: only those offer one. */
  screenshots: ReadonlySet<string>;
  onShowScreenshot: (screenshot: { url: string; alt: string }) => void;
  /** On a phone only the failures open at first. */
  phone: boolean;
  /** An action on a check (Accept risk), from the screen. */
  checkAction?: (check: ReportCheckResult) => ReactNode;
}

/** One group of an assessment's checks (Email & domain, TLS …), failures first and open; nothing when it has none. */
export function ReportGroupCard({
  group,
  checks: all,
  jobId,
  screenshots,
  onShowScreenshot,
  phone,
  checkAction,
}: ReportGroupCardProps) {
  const checks = all.filter((check) => check.group === group).sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]);
  if (checks.length === 0) return null;
  const failed = checks.filter((check) => check.outcome === 'fail').length;
  // "All passed" only where something was judged: a group of not-applicable checks passed nothing.
  const judged = checks.some((check) => check.outcome === 'pass' || check.outcome === 'warn' || check.outcome === 'fail');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`group-${group}`} data-testid="report-group">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h5" id={`group-${group}`}>
          {CHECK_GROUP_TITLES[group]}
        </Title>
        <Badge color={failed ? 'red' : judged ? 'green' : 'gray'} variant="light" styles={UNCUT_BADGE}>
          {failed ? `${failed} failed` : judged ? 'All passed' : 'Nothing to judge'}
        </Badge>
      </Group>
      {/* What needs attention is open (on a phone, the failures alone); the rest opens on demand. */}
      <Accordion
        multiple
        variant="separated"
        defaultValue={checks
          .filter((check) => check.outcome === 'fail' || (!phone && check.outcome === 'warn'))
          .map((check) => check.checkId)}
      >
        {checks.map((check) => (
          <ReportCheck
            key={check.checkId}
            check={check}
            jobId={jobId}
            screenshots={screenshots}
            onShowScreenshot={onShowScreenshot}
            action={checkAction?.(check)}
          />
        ))}
      </Accordion>
    </Card>
  );
}
