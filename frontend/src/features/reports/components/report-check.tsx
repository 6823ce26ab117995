import { Accordion, Anchor, Badge, Button, Flex, Group, List, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import {
  CHECK_SEVERITY_LABELS,
  REPORT_CHECK_OUTCOME_LABELS,
  type CheckEvidence,
  type ReportCheck as ReportCheckResult,
  type ReportCheckOutcome,
} from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UNCUT_BADGE } from '@/components/compliance/compliance-badges';
import { ExternalLink } from '@/components/ui/external-link';
import { paths } from '@/config/paths';

const OUTCOME_COLORS: Record<ReportCheckOutcome, string> = {
  accepted: 'violet',
  pass: 'green',
  fail: 'red',
  warn: 'yellow',
  not_applicable: 'gray',
  not_checked: 'gray',
};
const SEVERITY_COLORS = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' } as const;
/** Evidence shown before "Show all": a failing header check names every page, and one is enough to see why. */
export const EVIDENCE_SHOWN = 3;

/** The outcome as a badge; a check the crawl could not evaluate says "Not evaluated", not "Not applicable". */
export function OutcomeBadge({ outcome, evaluated = true }: { outcome: ReportCheckOutcome; evaluated?: boolean }) {
  return (
    <Badge
      color={OUTCOME_COLORS[outcome]}
      variant={outcome === 'fail' ? 'filled' : 'light'}
      data-outcome={outcome}
      data-evaluated={evaluated}
      miw={110}
      styles={UNCUT_BADGE}
    >
      {evaluated ? REPORT_CHECK_OUTCOME_LABELS[outcome] : 'Not evaluated'}
    </Badge>
  );
}

/** Accepted until a date, with the justification in its title (the panel shows it in full). */
export function AcceptedBadge({ expiresAt }: { expiresAt: string }) {
  return (
    <Badge color="violet" variant="outline" size="sm" styles={UNCUT_BADGE} data-testid="accepted-until">
      Accepted until {formatDay(expiresAt)}
    </Badge>
  );
}

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

interface ReportCheckProps {
  check: ReportCheckResult;
  /** What the screen offers on this check (Accept risk), composed by the route from another feature. */
  action?: ReactNode;
  jobId: string;
  /** Pages of the evidence that have a screenshot: only those offer one. */
  screenshots: ReadonlySet<string>;
  onShowScreenshot: (screenshot: { url: string; alt: string }) => void;
}

/** One check: outcome and severity, what was found, why it matters, how to fix it, and the evidence. */
export function ReportCheck({ check, jobId, screenshots, onShowScreenshot, action }: ReportCheckProps) {
  const [allEvidence, setAllEvidence] = useState(false);
  const shown = allEvidence ? check.evidence : check.evidence.slice(0, EVIDENCE_SHOWN);
  const unlisted = check.evidenceTotal - check.evidence.length;
  return (
    <Accordion.Item value={check.checkId} data-testid="report-check" data-check-id={check.checkId}>
      <Accordion.Control>
        {/* Side by side where there is room; on a phone the badges sit above the title. */}
        <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'flex-start', xs: 'center' }}>
          <Group gap="xs" wrap="nowrap">
            <OutcomeBadge outcome={check.outcome} evaluated={check.evaluated} />
            <Badge variant="outline" color={SEVERITY_COLORS[check.severity]} size="sm" hiddenFrom="xs" styles={UNCUT_BADGE}>
              {CHECK_SEVERITY_LABELS[check.severity]}
            </Badge>
          </Group>
          <Stack gap={0} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text fw={600} size="sm">
              {check.title}
            </Text>
            <Text size="xs" c="dimmed">
              {check.summary}
            </Text>
            {check.acceptance && <AcceptedBadge expiresAt={check.acceptance.expiresAt} />}
          </Stack>
          <Badge
            variant="outline"
            color={SEVERITY_COLORS[check.severity]}
            size="sm"
            visibleFrom="xs"
            mr="xs"
            styles={UNCUT_BADGE}
          >
            {CHECK_SEVERITY_LABELS[check.severity]}
          </Badge>
        </Flex>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {check.acceptance && (
            <Section title="Accepted risk">
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="acceptance-justification">
                {check.acceptance.justification}
              </Text>
              <Text size="xs" c="dimmed">
                Left out of the rate and grades until {formatDay(check.acceptance.expiresAt)} (UTC); it counts again from then.
              </Text>
            </Section>
          )}
          {action}
          <Section title="Why it matters">
            <Text size="sm">{check.whyItMatters}</Text>
          </Section>
          <Section title="How to fix">
            <Text size="sm">{check.howToFix}</Text>
          </Section>
          {check.evidence.length > 0 && (
            <Section title={`Evidence (${check.evidenceTotal})`}>
              <List size="sm" spacing={4} data-testid="report-evidence">
                {shown.map((evidence, i) => (
                  <EvidenceItem
                    key={i}
                    evidence={evidence}
                    jobId={jobId}
                    screenshots={screenshots}
                    onShowScreenshot={onShowScreenshot}
                  />
                ))}
              </List>
              <Group gap="sm" mt={4}>
                {check.evidence.length > EVIDENCE_SHOWN && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setAllEvidence((all) => !all)}
                    data-testid="evidence-toggle"
                    aria-expanded={allEvidence}
                  >
                    {allEvidence ? 'Show fewer' : `Show all ${check.evidence.length}`}
                  </Button>
                )}
                {unlisted > 0 && (allEvidence || check.evidence.length <= EVIDENCE_SHOWN) && (
                  <Text size="xs" c="dimmed">
                    and {unlisted} more
                  </Text>
                )}
              </Group>
            </Section>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      {children}
    </div>
  );
}

function EvidenceItem({
  evidence,
  jobId,
  screenshots,
  onShowScreenshot,
}: { evidence: CheckEvidence } & Omit<ReportCheckProps, 'check'>) {
  return (
    <List.Item>
      <Group gap={6} wrap="wrap" align="baseline">
        {evidence.url && <ExternalLink url={evidence.url} />}
        <Text component="span" size="sm" c="dimmed" style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
          {evidence.detail}
        </Text>
        {evidence.pageId && (
          <Anchor component={Link} to={paths.app.crawlJob.getHref(jobId)} size="xs" data-testid="evidence-crawl-link">
            Crawled page
          </Anchor>
        )}
        {evidence.pageId && screenshots.has(evidence.pageId) && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPhoto size={12} />}
            onClick={() =>
              onShowScreenshot({
                url: `/api/crawls/${encodeURIComponent(jobId)}/pages/${encodeURIComponent(evidence.pageId!)}/screenshot`,
                alt: `Screenshot of ${evidence.url ?? 'the page'}`,
              })
            }
          >
            Screenshot
          </Button>
        )}
      </Group>
    </List.Item>
  );
}
