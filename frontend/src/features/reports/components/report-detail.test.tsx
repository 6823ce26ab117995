import { MESSAGES } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkResult, reportDetail } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { EVIDENCE_SHOWN } from './report-check';
import { ReportDetail } from './report-detail';

const report = reportDetail({
  rate: 64.3,
  label: 'Non-Compliant',
  method: 'http',
  pagesChecked: 7,
  notEvaluatedByMethod: ['Cookies wait for consent', 'Images have alternative text'],
  // Screenshots were taken of this page only: only its evidence offers one.
  pagesWithScreenshot: ['page-1'],
  checks: [
    checkResult({ checkId: 'headers.csp', group: 'security_headers', outcome: 'pass' }),
    checkResult({
      checkId: 'transport.hsts',
      group: 'transport',
      severity: 'high',
      outcome: 'fail',
      title: 'HSTS present with max-age of at least 6 months',
      summary: '2 of 7 pages send no Strict-Transport-Security',
      whyItMatters: 'Without HSTS a first visit can be downgraded.',
      howToFix: 'Send Strict-Transport-Security: max-age=15552000.',
      evidence: [
        { url: 'https://alpha.example/', pageId: 'page-1', detail: 'No Strict-Transport-Security header' },
        { url: 'javascript:alert(1)', pageId: null, detail: 'Crawled text, not a link' },
      ],
      evidenceTotal: 5,
    }),
    checkResult({
      checkId: 'privacy.cookie-consent',
      group: 'privacy_legal',
      outcome: 'not_applicable',
      title: 'Cookies wait for consent',
    }),
  ],
});

describe('ReportDetail', () => {
  it('shows the header, every check by group with its outcome, and opens what failed with its evidence', async () => {
    mockFetch({ 'GET /api/reports/report-1': { body: report } });
    const renderScreenshot = vi.fn((url: string, alt: string) => <img src={url} alt={alt} />);
    const { user } = renderWithProviders(<ReportDetail reportId="report-1" renderScreenshot={renderScreenshot} />, {
      initialEntries: ['/reports/report-1'],
    });

    const header = await screen.findByTestId('report-header');
    expect(header).toHaveTextContent('Alpha');
    expect(within(header).getByTestId('report-rate')).toHaveTextContent('64.3%');
    expect(within(header).getByTestId('report-rate')).toHaveAttribute('data-color', 'red');
    expect(within(header).getByTestId('report-label')).toHaveTextContent('Non-Compliant');
    expect(header).toHaveTextContent('HTTP');
    expect(header).toHaveTextContent('7');
    expect(within(header).getByRole('link', { name: /Completed/ })).toHaveAttribute('href', '/crawls/job-1');
    expect(screen.queryByTestId('report-rendering')).not.toBeInTheDocument();
    expect(screen.getByTestId('report-not-evaluated')).toHaveTextContent(
      'Not evaluated by the HTTP methodCookies wait for consent, Images have alternative text',
    );

    // Groups in catalogue order, only those with checks.
    expect(screen.getAllByTestId('report-group').map((group) => group.querySelector('h3')?.textContent)).toEqual([
      'Transport security',
      'Security headers',
      'Privacy and legal',
    ]);
    const hsts = screen.getAllByTestId('report-check').find((check) => check.dataset.checkId === 'transport.hsts')!;
    expect(within(hsts).getByText('Failed').closest('[data-outcome]')).toHaveAttribute('data-outcome', 'fail');
    expect(within(hsts).getByText('Without HSTS a first visit can be downgraded.')).toBeVisible();
    expect(within(hsts).getByText('Send Strict-Transport-Security: max-age=15552000.')).toBeVisible();
    const evidence = within(hsts).getByTestId('report-evidence');
    expect(within(evidence).getByRole('link', { name: 'https://alpha.example/' })).toHaveAttribute(
      'href',
      'https://alpha.example/',
    );
    expect(within(evidence).queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    expect(within(evidence).getByTestId('evidence-crawl-link')).toHaveAttribute('href', '/crawls/job-1');
    expect(within(hsts).getByText('and 3 more')).toBeInTheDocument();

    await user.click(within(evidence).getByRole('button', { name: 'Screenshot' }));
    expect(renderScreenshot).toHaveBeenCalledWith(
      '/api/crawls/job-1/pages/page-1/screenshot',
      'Screenshot of https://alpha.example/',
    );

    const consent = screen.getAllByTestId('report-check').find((check) => check.dataset.checkId === 'privacy.cookie-consent')!;
    expect(within(consent).getByText('Not applicable').closest('[data-outcome]')).toHaveAttribute(
      'data-outcome',
      'not_applicable',
    );
  });

  it('shows the first few pieces of evidence, all of them on demand, and no screenshot where none was taken', async () => {
    const pages = Array.from({ length: 16 }, (_, i) => ({
      url: `https://alpha.example/page-${i + 1}`,
      pageId: `page-${i + 1}`,
      detail: 'No Referrer-Policy header',
    }));
    mockFetch({
      'GET /api/reports/report-1': {
        body: reportDetail({
          method: 'http',
          pagesWithScreenshot: [],
          checks: [
            checkResult({ checkId: 'referrer-policy', outcome: 'fail', evidence: pages, evidenceTotal: 16 }),
            checkResult({
              checkId: 'axe-violations',
              group: 'accessibility',
              outcome: 'not_applicable',
              evaluated: false,
              summary: 'Needs the browser (puppeteer) method',
            }),
          ],
        }),
      },
    });
    const { user } = renderWithProviders(<ReportDetail reportId="report-1" renderScreenshot={() => null} />);
    const check = (await screen.findAllByTestId('report-check')).find((item) => item.dataset.checkId === 'referrer-policy')!;
    const evidence = within(check).getByTestId('report-evidence');
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(EVIDENCE_SHOWN);
    // An http crawl takes no screenshots: no button that would answer "Screenshot not found".
    expect(within(check).queryByRole('button', { name: 'Screenshot' })).not.toBeInTheDocument();
    await user.click(within(check).getByRole('button', { name: 'Show all 16' }));
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(16);
    await user.click(within(check).getByRole('button', { name: 'Show fewer' }));
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(EVIDENCE_SHOWN);
    // What the crawl could not evaluate says so.
    const axe = screen.getAllByTestId('report-check').find((item) => item.dataset.checkId === 'axe-violations')!;
    expect(within(axe).getByText('Not evaluated').closest('[data-outcome]')).toHaveAttribute('data-evaluated', 'false');
  });

  it('exports this one report in the chosen format, from its page', async () => {
    const downloads: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      const { requests } = mockFetch({
        'GET /api/reports/report-1': { body: report },
        'POST /api/reports/report-1/export': {
          raw: 'Vendor\r\n',
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report-2025-01-31T120000Z.csv"' },
        },
      });
      const { user } = renderWithProviders(<ReportDetail reportId="report-1" renderScreenshot={() => null} />);
      await screen.findByTestId('report-header');
      await user.click(screen.getByRole('combobox', { name: 'Export format' }));
      await user.click(await screen.findByRole('option', { name: 'CSV' }));
      await user.click(screen.getByTestId('report-export'));
      await waitFor(() => expect(downloads).toEqual(['report-2025-01-31T120000Z.csv']));
      expect(requests().find((r) => r.method === 'POST')).toMatchObject({
        path: '/api/reports/report-1/export',
        body: { format: 'csv' },
      });
    } finally {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says how many pages an adaptive crawl opened in the browser, and why', async () => {
    const adaptive = reportDetail({
      method: 'adaptive',
      notEvaluatedByMethod: [],
      rendering: {
        pages: 40,
        overHttp: 30,
        inBrowser: 10,
        byReason: { 'new-template': 6, 'template-differs': 3, recheck: 1 },
        templates: 4,
        templatesInBrowser: 1,
      },
    });
    mockFetch({ 'GET /api/reports/report-1': { body: adaptive } });
    renderWithProviders(<ReportDetail reportId="report-1" renderScreenshot={() => null} />);
    expect(await screen.findByTestId('report-rendering')).toHaveTextContent(
      '10 of 40 pages opened in the browser (6 samples of a new page template, 3 pages of templates where the browser sees more than HTTP, 1 periodic re-check of a template); 30 read over HTTP. 1 of 4 page templates needed the browser throughout.',
    );
    expect(screen.queryByTestId('report-not-evaluated')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch report' with the reason when it cannot be loaded", async () => {
    mockFetch({ 'GET /api/reports/gone': { status: 404, body: { statusCode: 404, message: MESSAGES.reports.notFound } } });
    renderWithProviders(<ReportDetail reportId="gone" renderScreenshot={() => null} />);
    const alert = await screen.findByTestId('report-error');
    expect(alert).toHaveTextContent(MESSAGES.reports.fetchOneFailed);
    expect(alert).toHaveTextContent(MESSAGES.reports.notFound);
  });
});
