import { formatMessage, MESSAGES } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paginated, reportsOverview, reportSummary, VENDOR_ID, vendorCompliance } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { Reports } from './reports';

const BETA = '22222222-2222-4222-8222-222222222222';
const vendors = [
  { id: VENDOR_ID, name: 'Alpha' },
  { id: BETA, name: 'Beta' },
];

const overview = reportsOverview({
  vendorsAssessed: 2,
  averageRate: 81.3,
  pagesChecked: 1234,
  openFailures: { critical: 2, high: 0, medium: 3, low: 1 },
  vendors: [
    vendorCompliance({
      vendorId: VENDOR_ID,
      vendorName: 'Alpha',
      latestReportId: 'report-1',
      rate: 92.5,
      label: 'Compliant',
      lastAssessedAt: '2025-01-30T12:00:00Z',
      trend: [
        { assessedAt: '2025-01-20T12:00:00Z', crawledAt: '2025-01-20T12:00:00Z', rate: 80 },
        { assessedAt: '2025-01-30T12:00:00Z', crawledAt: '2025-01-30T12:00:00Z', rate: 92.5 },
      ],
    }),
    vendorCompliance({
      vendorId: BETA,
      vendorName: 'Beta',
      latestReportId: 'report-2',
      rate: 70,
      label: 'Partially Compliant',
      lastAssessedAt: '2025-01-29T12:00:00Z',
      trend: [{ assessedAt: '2025-01-29T12:00:00Z', crawledAt: '2025-01-29T12:00:00Z', rate: 70 }],
    }),
  ],
});

const calls = (requests: () => MockRequest[], path: string) =>
  requests()
    .filter((r) => r.path === path)
    .map((r) => Object.fromEntries(new URLSearchParams(r.search)));

const routes = (extra = {}) => ({
  'GET /api/reports/summary': { body: overview },
  'GET /api/reports': { body: paginated([reportSummary(), reportSummary({ id: 'report-2', vendorName: 'Beta', rate: 40 })]) },
  ...extra,
});

describe('Reports', () => {
  it('shows the tiles, the compliance table and the recent results', async () => {
    mockFetch(routes());
    renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports'] });

    expect(await screen.findByTestId('report-tile-vendors-value')).toHaveTextContent('2');
    expect(screen.getByTestId('report-tile-average-rate-value')).toHaveTextContent('81.3%');
    expect(screen.getByTestId('report-tile-average-rate-value')).toHaveAttribute('data-color', 'yellow');
    expect(screen.getByTestId('report-tile-pages-value')).toHaveTextContent('1,234');
    expect(screen.getByTestId('report-tile-failures-value')).toHaveTextContent('6');
    // Critical and high failures are highlighted when there are any; medium and low never are.
    expect(screen.getByTestId('report-failures-critical')).toHaveAttribute('data-urgent', 'true');
    expect(screen.getByTestId('report-failures-high')).toHaveAttribute('data-urgent', 'false');
    expect(screen.getByTestId('report-failures-medium')).toHaveAttribute('data-urgent', 'false');

    const [alpha, beta] = screen.getAllByTestId('compliance-row');
    expect(within(alpha!).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', '/reports/report-1');
    expect(within(alpha!).getByTestId('compliance-rate')).toHaveAttribute('data-color', 'green');
    expect(alpha).toHaveTextContent('Compliant');
    expect(within(beta!).getByTestId('compliance-rate')).toHaveAttribute('data-color', 'yellow');
    expect(beta).toHaveTextContent('Partially Compliant');

    const rows = await screen.findAllByTestId('report-row');
    expect(within(rows[0]!).getByTestId('report-label')).toHaveTextContent('Compliant');
    expect(within(rows[1]!).getByTestId('report-label')).toHaveTextContent('Non-Compliant');
    expect(within(rows[1]!).getByTestId('report-label')).toHaveAttribute('data-color', 'red');
    expect(within(rows[1]!).getByRole('link', { name: 'Beta' })).toHaveAttribute('href', '/reports/report-2');
  });

  it('lists a vendor whose last crawl failed with the reason and its crawl, and one not assessed yet', async () => {
    const failed = vendorCompliance({
      vendorId: BETA,
      vendorName: 'Beta',
      state: 'crawl_failed',
      latestReportId: null,
      rate: null,
      label: null,
      method: null,
      lastAssessedAt: null,
      trend: [],
      lastCrawl: {
        jobId: 'job-9',
        status: 'failed',
        method: 'puppeteer',
        at: '2025-01-31T08:00:00Z',
        failure: { summary: 'The site could not be reached: host not found', detail: 'net::ERR_NAME_NOT_RESOLVED' },
      },
    });
    const fresh = vendorCompliance({
      vendorId: '33333333-3333-4333-8333-333333333333',
      vendorName: 'Gamma',
      state: 'not_assessed',
      latestReportId: null,
      rate: null,
      label: null,
      lastAssessedAt: null,
      trend: [],
    });
    mockFetch(
      routes({
        'GET /api/reports/summary': {
          body: reportsOverview({
            vendors: [failed, fresh],
            vendorsInScope: 2,
            vendorsCrawlFailed: 1,
            vendorsNotAssessed: 1,
          }),
        },
      }),
    );
    renderWithProviders(<Reports vendors={vendors} />, { initialEntries: [`/reports?vendorId=${BETA}`] });

    const [beta, gamma] = await screen.findAllByTestId('compliance-row');
    expect(beta).toHaveAttribute('data-state', 'crawl_failed');
    expect(beta).toHaveTextContent('Last crawl failed');
    expect(within(beta!).getByTestId('compliance-last-crawl')).toHaveTextContent('The site could not be reached: host not found');
    expect(within(beta!).getByTestId('compliance-last-crawl')).toHaveAttribute('title', 'net::ERR_NAME_NOT_RESOLVED');
    expect(within(beta!).getByRole('link', { name: 'Open crawl' })).toHaveAttribute('href', '/crawls/job-9');
    expect(within(beta!).getByRole('link', { name: 'Beta' })).toHaveAttribute('href', `/vendors/${BETA}`);
    expect(gamma).toHaveTextContent('Not assessed yet');
    expect(screen.queryByTestId('compliance-table-empty')).not.toBeInTheDocument();
    expect(screen.getByTestId('report-tile-vendors-value')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('report-tile-vendors-scope')).toHaveTextContent('of 2');
    expect(screen.getByTestId('report-vendors-failed')).toHaveTextContent('1 last crawl failed');
  });

  it("says 'Loading reports...' while the list loads", async () => {
    mockFetch(routes({ 'GET /api/reports': () => new Promise(() => {}) }));
    renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports'] });
    expect(await screen.findByText(MESSAGES.reports.loading)).toBeInTheDocument();
  });

  it("says 'No reports available' when nothing matches", async () => {
    mockFetch(routes({ 'GET /api/reports': { body: paginated([]) }, 'GET /api/reports/summary': { body: reportsOverview() } }));
    renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports'] });
    expect(await screen.findByText(MESSAGES.reports.none)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent results' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load reports' and loads them again on Try again", async () => {
    let fail = true;
    mockFetch(
      routes({
        'GET /api/reports': () =>
          fail
            ? { status: 500, body: { statusCode: 500, message: 'An unexpected error occurred' } }
            : { body: paginated([reportSummary()]) },
      }),
    );
    const { user } = renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports'] });
    const alert = await screen.findByTestId('reports-error');
    expect(alert).toHaveTextContent(MESSAGES.reports.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);
  });

  it('reads the filters from the address and sends them to both endpoints', async () => {
    const { requests } = mockFetch(routes());
    renderWithProviders(<Reports vendors={vendors} />, {
      initialEntries: [`/reports?startDate=2025-01-01&endDate=2025-01-31&vendorId=${BETA}&page=2`],
    });
    await screen.findAllByTestId('report-row');
    expect(calls(requests, '/api/reports')).toEqual([
      { startDate: '2025-01-01', endDate: '2025-01-31', vendorId: BETA, page: '2', limit: '20' },
    ]);
    expect(calls(requests, '/api/reports/summary')).toEqual([{ startDate: '2025-01-01', endDate: '2025-01-31', vendorId: BETA }]);
    expect(screen.getByLabelText('Start date')).toHaveValue('2025-01-01');
    expect(screen.getByRole('combobox', { name: 'Vendor' })).toHaveValue('Beta');
  });

  it('applies valid filters as they change, back on page 1', async () => {
    const { requests } = mockFetch(routes());
    const { user } = renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports?page=3'] });
    await screen.findAllByTestId('report-row');

    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.type(screen.getByLabelText('Start date'), '2025-01-10');
    await user.type(screen.getByLabelText('End date'), '2025-01-20');

    await waitFor(() =>
      expect(calls(requests, '/api/reports').at(-1)).toEqual({
        vendorId: VENDOR_ID,
        startDate: '2025-01-10',
        endDate: '2025-01-20',
        page: '1',
        limit: '20',
      }),
    );
    expect(calls(requests, '/api/reports/summary').at(-1)).toEqual({
      vendorId: VENDOR_ID,
      startDate: '2025-01-10',
      endDate: '2025-01-20',
    });

    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: MESSAGES.reports.allVendors }));
    await waitFor(() => expect(calls(requests, '/api/reports').at(-1)).not.toHaveProperty('vendorId'));
  });

  it('shows an end date before the start date as an error, applies nothing and blocks the export', async () => {
    const { requests } = mockFetch(routes());
    const { user } = renderWithProviders(<Reports vendors={vendors} />, {
      initialEntries: ['/reports?startDate=2025-01-10&endDate=2025-01-20'],
    });
    await screen.findAllByTestId('report-row');
    const before = requests().length;

    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2025-01-05');

    expect(await screen.findByText(MESSAGES.reports.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByTestId('report-export')).toBeDisabled();
    // Clearing the end date is a valid filter; the wrong one never reached the API.
    const sent = calls(requests, '/api/reports').slice(before);
    expect(sent.every((query) => query.endDate !== '2025-01-05')).toBe(true);
  });

  describe('export', () => {
    let downloads: { href: string; download: string }[];
    beforeEach(() => {
      downloads = [];
      // jsdom has no object URLs; the download itself is the anchor's click, recorded here.
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('posts the filters and the chosen format, and downloads the file under the server’s name', async () => {
      const { requests } = mockFetch(
        routes({
          'POST /api/reports/export': {
            raw: 'Vendor,Assessed at\r\n',
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="report-2025-01-31T120000Z.csv"',
            },
          },
        }),
      );
      const { user } = renderWithProviders(<Reports vendors={vendors} />, {
        initialEntries: [`/reports?vendorId=${BETA}&startDate=2025-01-01`],
      });
      await screen.findAllByTestId('report-row');
      await user.click(screen.getByRole('combobox', { name: 'Export format' }));
      await user.click(await screen.findByRole('option', { name: 'CSV' }));
      await user.click(screen.getByTestId('report-export'));

      await waitFor(() => expect(downloads).toEqual([{ href: 'blob:report', download: 'report-2025-01-31T120000Z.csv' }]));
      expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
        format: 'csv',
        filters: { startDate: '2025-01-01', vendorId: BETA },
      });
      const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0]![0] as Blob;
      expect(await blob.text()).toBe('Vendor,Assessed at\r\n');
    });

    it("says 'Failed to export report as {format}' when the export fails", async () => {
      mockFetch(
        routes({
          'POST /api/reports/export': { status: 500, body: { statusCode: 500, message: formatMessage.exportFailed('excel') } },
        }),
      );
      const { user } = renderWithProviders(<Reports vendors={vendors} />, { initialEntries: ['/reports?format=excel'] });
      await screen.findAllByTestId('report-row');
      await user.click(screen.getByTestId('report-export'));

      expect(await screen.findByText(formatMessage.exportFailed('excel'))).toBeInTheDocument();
      expect(downloads).toEqual([]);
    });
  });
});
