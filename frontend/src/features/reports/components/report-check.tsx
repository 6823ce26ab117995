import { Accordion, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import {
  CHECK_OUTCOME_LABELS,
  CHECK_SEVERITY_LABELS,
  type CheckEvidence,
  type CheckOutcome,
  type CheckResult,
} from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '@/components/ui/external-link';
import { paths } from '@/config/paths';

const OUTCOME_COLORS: Record<CheckOutcome, string> = {
  pass: 'green',
  fail: 'red',
  warn: 'yellow',
  not_applicable: 'gray',
  not_checked: 'gray',
};
const SEVERITY_COLORS = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' } as const;

export function OutcomeBadge({ outcome }: { outcome: CheckOutcome }) {
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant={outcome === 'fail' ? 'filled' : 'light'} data-outcome={outcome} miw={110}>
      {CHECK_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

interface ReportCheckProps {
  check: CheckResult;
  jobId: string;
  onShowScreenshot: (screenshot: { url: string; alt: string }) => void;
}

/** One check: outcome and severity, what was found, why it matters, how to fix it, and the evidence. */
export function ReportCheck({ check, jobId, onShowScreenshot }: ReportCheckProps) {
  return (
    <Accordion.Item value={check.checkId} data-testid="report-check" data-check-id={check.checkId}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <OutcomeBadge outcome={check.outcome} />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {check.title}
            </Text>
            <Text size="xs" c="dimmed">
              {check.summary}
            </Text>
          </Stack>
          <Badge ml="auto" variant="outline" color={SEVERITY_COLORS[check.severity]} size="sm">
            {CHECK_SEVERITY_LABELS[check.severity]}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Section title="Why it matters">
            <Text size="sm">{check.whyItMatters}</Text>
          </Section>
          <Section title="How to fix">
            <Text size="sm">{check.howToFix}</Text>
          </Section>
          {check.evidence.length > 0 && (
            <Section title="Evidence">
              <List size="sm" spacing={4} data-testid="report-evidence">
                {check.evidence.map((evidence, i) => (
                  <EvidenceItem key={i} evidence={evidence} jobId={jobId} onShowScreenshot={onShowScreenshot} />
                ))}
              </List>
              {check.evidenceTotal > check.evidence.length && (
                <Text size="xs" c="dimmed" mt={4}>
                  and {check.evidenceTotal - check.evidence.length} more
                </Text>
              )}
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

function EvidenceItem({ evidence, jobId, onShowScreenshot }: { evidence: CheckEvidence } & Omit<ReportCheckProps, 'check'>) {
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        {evidence.url && <ExternalLink url={evidence.url} />}
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {evidence.detail}
        </Text>
        {evidence.pageId && (
          <>
            <Anchor component={Link} to={paths.app.crawlJob.getHref(jobId)} size="xs" data-testid="evidence-crawl-link">
              Crawled page
            </Anchor>
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
          </>
        )}
      </Group>
    </List.Item>
  );
}
