import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkResult, grades, reportDetail } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { ReportDetail } from './report-detail';

const ACCEPTANCE = {
  id: '00000000-0000-4000-8000-0000000000a1',
  justification: 'Legacy host behind the WAF until its move',
  expiresAt: '2099-03-31T23:59:59.999Z',
};

const report = reportDetail({
  rate: 91.2,
  rateWithAcceptedCounted: 64.3,
  acceptedChecks: 1,
  grades: grades('A'),
  gradesWithAcceptedCounted: grades('D'),
  checks: [
    checkResult({
      checkId: 'transport.https',
      group: 'transport',
      severity: 'critical',
      title: 'Every page is served over HTTPS',
    }),
    {
      ...checkResult({
        checkId: 'transport.hsts',
        group: 'transport',
        title: 'HSTS present with max-age of at least 6 months',
      }),
      outcome: 'accepted' as const,
      assessedOutcome: 'fail' as const,
      acceptance: ACCEPTANCE,
    },
    checkResult({ checkId: 'headers.csp', group: 'security_headers', outcome: 'fail', title: 'CSP present' }),
  ],
});

const renderReport = (withAction = true) =>
  renderWithProviders(
    <ReportDetail
      reportId="report-1"
      renderScreenshot={() => null}
      renderCheckAction={
        withAction ? (check) => (check.outcome === 'fail' ? <button type="button">Accept risk</button> : null) : undefined
      }
    />,
  );

describe('ReportDetail with an accepted risk', () => {
  it('shows the accepted check with its expiry and justification, the grades as counted, and Accept risk on failing checks', async () => {
    mockFetch({ 'GET /api/reports/report-1': { body: report } });
    const { user } = renderReport();
    const hsts = (await screen.findAllByTestId('report-check', {}, { timeout: 10_000 })).find(
      (check) => check.dataset.checkId === 'transport.hsts',
    )!;
    expect(within(hsts).getByText('Accepted').closest('[data-outcome]')).toHaveAttribute('data-outcome', 'accepted');
    expect(within(hsts).getByTestId('accepted-until')).toHaveTextContent(/Accepted until Mar 31, 2099/);
    await user.click(within(hsts).getByRole('button', { name: /HSTS present/ }));
    expect(within(hsts).getByTestId('acceptance-justification')).toHaveTextContent(ACCEPTANCE.justification);
    expect(within(hsts).queryByRole('button', { name: 'Accept risk' })).not.toBeInTheDocument();

    expect(screen.getByTestId('report-accepted-note')).toHaveTextContent(
      '1 accepted risk left out of the rate and grades. Counted, the overall grade would be D (85) and the rate 64.3%.',
    );
    const csp = screen.getAllByTestId('report-check').find((check) => check.dataset.checkId === 'headers.csp')!;
    expect(within(csp).getByRole('button', { name: 'Accept risk' })).toBeInTheDocument();
  });

  it('shows the accepted badge and the note on a 390 px screen', async () => {
    mockPhoneScreen();
    mockFetch({ 'GET /api/reports/report-1': { body: report } });
    renderReport(false);
    expect(await screen.findByTestId('accepted-until', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('report-accepted-note')).toBeInTheDocument();
  });
});
