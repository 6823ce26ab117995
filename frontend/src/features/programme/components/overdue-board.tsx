import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ACCEPTANCE_EXPIRY_WARNING_DAYS, LIMITS, type ProgrammeOverview } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { allVendors, remediationRequestsIn, riskAcceptancesIn, vendorsWithReviewStatus } from './programme-links';

interface BoardLine {
  label: string;
  count: number;
  to: string;
  /** Counts that call for action are red when above zero. */
  urgent?: boolean;
  testId: string;
}

function BoardCard({ title, lines, testId }: { title: string; lines: BoardLine[]; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {lines.map((line) => (
          <Group key={line.testId} justify="space-between" wrap="nowrap" data-testid={line.testId}>
            <Anchor component={Link} to={line.to} size="sm">
              {line.label}
            </Anchor>
            <Text fw={700} c={line.urgent && line.count > 0 ? 'red' : undefined}>
              {line.count}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * What is due: reviews (overdue, due now, due soon), remediation requests by age (open, overdue,
 * awaiting the analyst's review), accepted risks (pending approval, expiring soon), questionnaires and
 * vendor documents, each a link to its filtered list (questionnaires and documents live on each vendor's
 * page: those link to the vendors list). One column on a phone.
 */
export function OverdueBoard({ overview }: { overview: ProgrammeOverview }) {
  const { reviews, remediation, acceptances, questionnaires, documents } = overview;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="overdue-board">
      <BoardCard
        title="Reviews due"
        testId="board-reviews"
        lines={[
          {
            label: 'Overdue',
            count: reviews.overdue,
            to: vendorsWithReviewStatus('overdue'),
            urgent: true,
            testId: 'reviews-overdue',
          },
          {
            label: 'Due now',
            count: reviews.due_now,
            to: vendorsWithReviewStatus('due_now'),
            urgent: true,
            testId: 'reviews-due-now',
          },
          {
            label: 'Due within 30 days',
            count: reviews.due_soon,
            to: vendorsWithReviewStatus('due_soon'),
            testId: 'reviews-due-soon',
          },
          {
            label: 'Never reviewed',
            count: reviews.not_reviewed,
            to: vendorsWithReviewStatus('not_reviewed'),
            testId: 'reviews-not-reviewed',
          },
        ]}
      />
      <BoardCard
        title="Remediation requests"
        testId="board-remediation"
        lines={[
          { label: 'Open', count: remediation.open, to: remediationRequestsIn('open'), testId: 'remediation-open' },
          {
            label: 'Overdue',
            count: remediation.overdue,
            to: remediationRequestsIn('overdue'),
            urgent: true,
            testId: 'remediation-overdue',
          },
          {
            label: 'Awaiting your review',
            count: remediation.awaitingReview,
            to: remediationRequestsIn('responded'),
            testId: 'remediation-awaiting-review',
          },
        ]}
      />
      <BoardCard
        title="Accepted risks"
        testId="board-acceptances"
        lines={[
          {
            label: 'Awaiting approval',
            count: acceptances.pending,
            to: riskAcceptancesIn('pending'),
            testId: 'acceptances-pending',
          },
          {
            label: `Expiring within ${ACCEPTANCE_EXPIRY_WARNING_DAYS} days`,
            count: acceptances.expiringWithin30Days,
            to: riskAcceptancesIn('active'),
            urgent: true,
            testId: 'acceptances-expiring',
          },
          { label: 'Active', count: acceptances.active, to: riskAcceptancesIn('active'), testId: 'acceptances-active' },
        ]}
      />
      <BoardCard
        title="Questionnaires"
        testId="board-questionnaires"
        lines={[
          { label: 'Open', count: questionnaires.open, to: allVendors, testId: 'questionnaires-open' },
          {
            label: 'Overdue',
            count: questionnaires.overdue,
            to: allVendors,
            urgent: true,
            testId: 'questionnaires-overdue',
          },
          {
            label: 'Submitted, awaiting your review',
            count: questionnaires.submitted,
            to: allVendors,
            testId: 'questionnaires-submitted',
          },
        ]}
      />
      <BoardCard
        title="Vendor documents"
        testId="board-documents"
        lines={[
          {
            label: `Expiring within ${LIMITS.questionnaires.documentExpiringDays} days`,
            count: documents.expiring,
            to: allVendors,
            urgent: true,
            testId: 'documents-expiring',
          },
          { label: 'Expired', count: documents.expired, to: allVendors, urgent: true, testId: 'documents-expired' },
        ]}
      />
    </SimpleGrid>
  );
}
