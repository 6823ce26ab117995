import { Alert, Anchor, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CHECK_GROUPS,
  MESSAGES,
  plural,
  renderingSentence,
  type ReportCheck,
  type ReportDetail as Report,
  type ReportExportFormat,
} from '@vendorwatch/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge, ComplianceRate } from '@/components/compliance/compliance-badges';
import { ReportGrades } from '@/components/compliance/grade-badge';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { crawlMethodLabel, isCrawlMethod } from '@/components/crawl/crawl-method';
import { ExternalLink } from '@/components/ui/external-link';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useExportSingleReport } from '../api/export-single-report';
import { useReport } from '../api/get-report';
import { ReportGroupCard } from './report-group-card';
import { ReportExportControls } from './report-export-controls';
import { formatDateTime } from './report-format';

interface ReportDetailProps {
  reportId: string;
  /** Shows a crawled page's screenshot; supplied by the screen from the crawl-jobs feature. */
  renderScreenshot: (url: string, alt: string) => ReactNode;
  /** An action on a check (Accept risk on a failing one), supplied by the screen from another feature. */
  renderCheckAction?: (check: ReportCheck, report: Report) => ReactNode;
}

export function ReportDetail({ reportId, renderScreenshot, renderCheckAction }: ReportDetailProps) {
  const report = useReport({ reportId });
  const [screenshot, setScreenshot] = useState<{ url: string; alt: string } | null>(null);
  const screenshots = useMemo(() => new Set(report.data?.pagesWithScreenshot ?? []), [report.data]);
  const phone = usePhoneLayout();

  if (report.isPending) return <SectionLoader label="Loading report" />;
  if (report.isError) {
    return (
      <Alert color="red" title={MESSAGES.reports.fetchOneFailed} data-testid="report-error">
        {report.error.message}
      </Alert>
    );
  }
  const data = report.data;
  return (
    <Stack gap="lg">
      <ReportHeader report={data} />
      <ReportGrades grades={data.grades} />
      {data.acceptedChecks > 0 && <AcceptedNote report={data} />}
      {data.notEvaluatedByMethod.length > 0 && (
        <Alert color="gray" title={`Not evaluated by the ${methodName(data.method)} method`} data-testid="report-not-evaluated">
          {data.notEvaluatedByMethod.join(', ')}
        </Alert>
      )}
      {data.rendering && (
        <Alert color="blue" variant="light" title="Pages read in the browser (adaptive method)" data-testid="report-rendering">
          {renderingSentence(data.rendering)}
        </Alert>
      )}
      {CHECK_GROUPS.map((group) => (
        <ReportGroupCard
          key={group}
          group={group}
          checks={data.checks}
          jobId={data.jobId}
          screenshots={screenshots}
          onShowScreenshot={setScreenshot}
          phone={phone}
          checkAction={renderCheckAction && ((check) => renderCheckAction(check, data))}
        />
      ))}
      <Modal opened={screenshot !== null} onClose={() => setScreenshot(null)} title={screenshot?.alt} size="xl" centered>
        {/* Fetched only when opened: a report can point at dozens of pages. */}
        {screenshot && renderScreenshot(screenshot.url, screenshot.alt)}
      </Modal>
    </Stack>
  );
}

/** Accepted risks are left out of the rate and grades: say so, and what counting them would give. */
function AcceptedNote({ report }: { report: Report }) {
  const counted = report.gradesWithAcceptedCounted.overall;
  return (
    <Alert color="violet" variant="light" data-testid="report-accepted-note">
      {plural(report.acceptedChecks, 'accepted risk')} left out of the rate and grades. Counted, the overall grade would be{' '}
      {counted.letter ?? 'not graded'}
      {counted.score !== null ? ` (${counted.score})` : ''} and the rate {report.rateWithAcceptedCounted}%.
    </Alert>
  );
}

const methodName = (method: string) => (isCrawlMethod(method) ? crawlMethodLabel(method) : method);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function ReportHeader({ report }: { report: Report }) {
  const { counts } = report;
  const [format, setFormat] = useState<ReportExportFormat>('pdf');
  const exportReport = useExportSingleReport();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="report-title" data-testid="report-header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Title order={2} size="h3" id="report-title">
              {report.vendorName ?? 'Deleted vendor'}
            </Title>
            <Text size="sm" c="dimmed">
              Assessed {formatDateTime(report.assessedAt)}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <ComplianceRate rate={report.rate} fz={32} data-testid="report-rate" />
            <ComplianceLabelBadge rate={report.rate} label={report.label} size="lg" data-testid="report-label" />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label="Target URL">
            <ExternalLink url={report.targetUrl} />
          </Field>
          <Field label="Method">{methodName(report.method)}</Field>
          <Field label="Pages checked">{report.pagesChecked}</Field>
          <Field label="Crawl">
            <Anchor component={Link} to={paths.app.crawlJob.getHref(report.jobId)} size="sm">
              {report.crawlCompletedAt ? `Completed ${formatDateTime(report.crawlCompletedAt)}` : 'Crawl job'}
            </Anchor>
          </Field>
          <Field label="Checks">
            <span data-testid="report-counts">
              {counts.pass} passed · {counts.fail} failed · {counts.warn} {counts.warn === 1 ? 'warning' : 'warnings'} ·{' '}
              {counts.notApplicable} not applicable
            </span>
          </Field>
          <Field label="Catalogue version">{report.catalogueVersion}</Field>
        </SimpleGrid>
        <ReportExportControls
          format={format}
          onFormatChange={setFormat}
          onExport={() => exportReport.mutate({ reportId: report.id, format })}
          pending={exportReport.isPending}
        />
      </Stack>
    </Card>
  );
}
