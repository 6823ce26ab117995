import { Accordion, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import {
  CHECK_OUTCOME_LABELS,
  CHECK_SEVERITY_LABELS,
  isHttpUrl,
  type CheckEvidence,
  type CheckOutcome,
  type CheckResult,
} from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const OUTCOME_COLORS: Record<CheckOutcome, string> = { pass: 'green', fail: 'red', warn: 'yellow', not_applicable: 'gray' };
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
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Why it matters
            </Text>
            <Text size="sm">{check.whyItMatters}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              How to fix
            </Text>
            <Text size="sm">{check.howToFix}</Text>
          </div>
          {check.evidence.length > 0 && (
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Evidence
              </Text>
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
            </div>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function EvidenceItem({ evidence, jobId, onShowScreenshot }: { evidence: CheckEvidence } & Omit<ReportCheckProps, 'check'>) {
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        {/* Only http(s) becomes a link: crawled text must never turn into a "javascript:" link. */}
        {evidence.url && isHttpUrl(evidence.url) ? (
          <Anchor href={evidence.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
            {evidence.url}
          </Anchor>
        ) : (
          evidence.url && <Text size="sm">{evidence.url}</Text>
        )}
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
