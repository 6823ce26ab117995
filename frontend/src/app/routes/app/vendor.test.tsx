import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  MESSAGES,
  type ScheduleRun,
  type Vendor,
  type VendorListItem,
  type VendorSchedule,
} from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CrawlJobWatchProvider } from '@/features/crawl-jobs/components/crawl-job-watch-provider';
import {
  checkResult,
  crawlJob,
  paginated,
  reportDetail,
  reportsOverview,
  VENDOR_ID,
  vendorCompliance,
  NO_PROGRAMME,
  NOT_REVIEWED,
} from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { LOADED_MACHINE } from '@/testing/wait';
import VendorRoute from './vendor';

const vendor: Vendor & Pick<VendorListItem, 'review'> = {
  id: VENDOR_ID,
  name: 'Alpha',
  url: 'https://alpha.example',
  description: '',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  domains: [],
  primaryDomain: 'alpha.example',
  dkimSelectors: [],
  ...NO_PROGRAMME,
  review: NOT_REVIEWED,
};

const schedule: VendorSchedule = {
  vendorId: VENDOR_ID,
  kind: 'weekly',
  minute: 0,
  time: '06:00',
  weekday: 1,
  cron: '',
  everySeconds: 3600,
  timezone: 'Europe/Berlin',
  method: 'http',
  settings: { simulateHumanBehavior: false, useProxy: false, takeScreenshots: false, maxRetries: 3, waitTime: 2000 },
  nextRunAt: '2030-01-07T05:00:00.000Z',
  paused: false,
  updatedAt: '2029-12-01T00:00:00.000Z',
};

const runs: ScheduleRun[] = [
  {
    id: 'run-2',
    scheduledFor: '2029-12-31T05:00:00.000Z',
    outcome: 'skipped',
    reason: MESSAGES.schedules.skippedBusy,
    crawlJobId: 'job-1',
    createdAt: '2029-12-31T05:00:00.000Z',
  },
  {
    id: 'run-1',
    scheduledFor: '2029-12-24T05:00:00.000Z',
    outcome: 'started',
    reason: null,
    crawlJobId: 'job-1',
    createdAt: '2029-12-24T05:00:00.000Z',
  },
];

const routes = (extra = {}) => ({
  [`GET /api/vendors/${VENDOR_ID}`]: { body: vendor },
  [`GET /api/vendors/${VENDOR_ID}/schedule`]: { body: schedule },
  'GET /api/crawls/status': { body: [] },
  [`GET /api/vendors/${VENDOR_ID}/schedule/runs`]: { body: runs },
  'GET /api/schedules': {
    body: { paused: false, schedules: [{ vendorId: VENDOR_ID, kind: 'weekly', nextRunAt: schedule.nextRunAt }] },
  },
  [`GET /api/vendors/${VENDOR_ID}/timeline`]: {
    body: paginated([
      {
        crawlJobId: 'job-1',
        status: 'completed',
        method: 'http',
        createdAt: '2029-12-24T05:00:00Z',
        completedAt: '2029-12-24T05:03:00Z',
        error: null,
        pagesDone: 12,
        rate: 82,
        label: 'Partially Compliant',
        changes: null,
      },
    ]),
  },
  'GET /api/reports/summary': {
    body: reportsOverview({
      vendors: [
        vendorCompliance({
          vendorId: VENDOR_ID,
          vendorName: 'Alpha',
          latestReportId: 'report-2',
          rate: 82,
          label: 'Partially Compliant',
          lastAssessedAt: '2029-12-24T05:03:00Z',
          trend: [
            { assessedAt: '2029-12-17T05:03:00Z', crawledAt: '2029-12-17T05:03:00Z', rate: 64 },
            { assessedAt: '2029-12-24T05:03:00Z', crawledAt: '2029-12-24T05:03:00Z', rate: 82 },
          ],
        }),
      ],
    }),
  },
  ...extra,
});

/** Where Crawl now leads: the live crawl's page. */
const CrawlJobMarker = () => <div data-testid="crawl-job-page">{useParams().jobId}</div>;

// Inside the app's crawl watcher, as every signed-in screen is: Crawl now follows the crawl it starts.
const renderPage = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(
    <CrawlJobWatchProvider>
      <Routes>
        <Route path="/vendors/:vendorId" element={<VendorRoute />} />
        <Route path="/crawls/:jobId" element={<CrawlJobMarker />} />
      </Routes>
    </CrawlJobWatchProvider>,
    { initialEntries: [`/vendors/${VENDOR_ID}`], ...options },
  );

describe('the vendor page', () => {
  it("shows the vendor's schedule with its next run in the schedule's zone, its timeline, its runs and its chart", async () => {
    const { requests } = mockFetch(routes());
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(await screen.findByTestId('schedule-next-run')).toHaveTextContent('(Europe/Berlin)');
    expect(await screen.findAllByTestId('timeline-entry')).toHaveLength(1);
    const skipped = (await screen.findAllByTestId('schedule-run'))[0]!;
    expect(within(skipped).getByText(MESSAGES.schedules.skippedBusy)).toBeInTheDocument();
    expect(within(skipped).getByText('skipped')).toBeInTheDocument();
    expect(await screen.findByTestId('vendor-compliance-chart')).toBeInTheDocument();
    // Only this vendor's assessments are asked for.
    const summary = requests().find((request) => request.path === '/api/reports/summary');
    expect(new URLSearchParams(summary!.search).get('vendorId')).toBe(VENDOR_ID);
  });

  it("groups its latest assessment's email, domain and TLS checks, with the records read as evidence", async () => {
    const dmarc = checkResult({
      checkId: 'email.dmarc',
      group: 'email_domain',
      outcome: 'fail',
      title: 'DMARC enforces a policy',
      summary: 'The policy is none',
      evidence: [{ url: null, pageId: null, detail: '_dmarc.alpha.example TXT "v=DMARC1; p=none"' }],
      evidenceTotal: 1,
    });
    const tls = checkResult({ checkId: 'tls.protocols', group: 'tls', outcome: 'pass', title: 'Only TLS 1.2 and newer' });
    const { requests } = mockFetch(
      routes({
        'GET /api/reports/report-2': { body: reportDetail({ id: 'report-2', checks: [checkResult(), dmarc, tls] }) },
      }),
    );
    renderPage();

    const posture = await screen.findByTestId('vendor-domain-posture');
    const email = within(posture).getByRole('region', { name: 'Email & domain' });
    expect(within(email).getByText('DMARC enforces a policy')).toBeInTheDocument();
    expect(within(email).getByText(/v=DMARC1; p=none/)).toBeInTheDocument();
    expect(within(posture).getByRole('region', { name: 'TLS' })).toHaveTextContent('Only TLS 1.2 and newer');
    // The web-page checks stay on the report.
    expect(within(posture).queryByText('Content-Security-Policy restricts scripts')).not.toBeInTheDocument();
    // The vendor's latest report (from the summary the chart reads too), and no list of reports besides.
    expect(requests().some((request) => request.path === '/api/reports/report-2')).toBe(true);
    expect(requests().some((request) => request.path === '/api/reports')).toBe(false);
  });

  it('pauses every schedule from the switch', async () => {
    const { requests } = mockFetch(
      routes({
        'PUT /api/schedules/pause': {
          body: { paused: true, schedules: [{ vendorId: VENDOR_ID, kind: 'weekly', nextRunAt: null }] },
        },
      }),
    );
    const { user } = renderPage();

    const toggle = await screen.findByRole('switch', { name: 'Pause all schedules' });
    await vi.waitFor(() => expect(toggle).toBeEnabled(), LOADED_MACHINE);
    await user.click(toggle);
    expect(await screen.findByText(MESSAGES.schedules.pausedAll)).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'PUT')?.body).toEqual({ paused: true });
  });

  it('crawls now from the Configure Crawl dialog and opens the live crawl', async () => {
    const { requests } = mockFetch(
      routes({
        'POST /api/crawls': { status: 201, body: crawlJob({ id: 'job-9', status: 'queued', method: 'http' }) },
        'GET /api/crawls/job-9': { body: crawlJob({ id: 'job-9', status: 'running', method: 'http' }) },
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Crawl now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Crawl' });
    expect(dialog).toHaveTextContent('Alpha');
    await user.click(within(dialog).getByLabelText('HTTP'));
    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    expect(await screen.findByTestId('crawl-job-page')).toHaveTextContent('job-9');
    expect(requests().find((request) => request.method === 'POST')?.body).toEqual({
      vendorId: VENDOR_ID,
      method: 'http',
      settings: DEFAULT_CRAWL_RUN_SETTINGS,
    });
  });

  it('shows a crawl of the vendor still running on the Crawl now button, which opens it instead of starting another', async () => {
    mockFetch(
      routes({
        'GET /api/crawls/status': {
          body: [crawlJob({ id: 'job-7', vendorId: VENDOR_ID, status: 'running', method: 'puppeteer', progress: 40 })],
        },
      }),
    );
    const { user } = renderPage();

    const running = await screen.findByRole('link', { name: 'Puppeteer crawl running for Alpha, 40 % done: open it' });
    expect(running).toHaveTextContent('Crawling… 40 %');
    expect(screen.queryByRole('button', { name: 'Crawl now' })).not.toBeInTheDocument();
    await user.click(running);
    expect(await screen.findByTestId('crawl-job-page')).toHaveTextContent('job-7');
  });

  it('edits the name, URL (a bare domain becomes https://) and description', async () => {
    let current = vendor;
    const { requests } = mockFetch(
      routes({
        [`GET /api/vendors/${VENDOR_ID}`]: () => ({ body: current }),
        [`PUT /api/vendors/${VENDOR_ID}`]: ({ body }: MockRequest) => {
          current = { ...current, ...(body as Partial<Vendor>) };
          return { body: current };
        },
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit vendor' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue('https://alpha.example');
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.vendors.nameRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Alpha Corp');
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'alpha-corp.example');
    await user.type(within(dialog).getByLabelText('Description'), 'Payroll provider');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.vendors.updated)).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Alpha Corp',
      url: 'https://alpha-corp.example/',
      description: 'Payroll provider',
      domains: [],
      dkimSelectors: [],
    });
    expect(await screen.findByRole('heading', { name: 'Alpha Corp' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://alpha-corp.example/' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit vendor' })).not.toBeInTheDocument();
  });

  it('asks the vendor to fix what its latest assessment failed, and lists its requests; a viewer only reads them', async () => {
    const assessed = { ...vendor, compliance: { reportId: 'report-2', rate: 82, label: 'Partially Compliant' } };
    const dmarc = checkResult({
      checkId: 'email.dmarc',
      group: 'email_domain',
      outcome: 'fail',
      title: 'DMARC enforces a policy',
    });
    const request = {
      id: 'req-1',
      vendorId: VENDOR_ID,
      vendorName: 'Alpha',
      state: 'viewed',
      checkIds: ['email.dmarc'],
      contactEmail: 'sec@alpha.example',
      dueAt: '2030-01-31T23:59:59.000Z',
      overdue: false,
      message: '',
      createdAt: '2029-12-24T05:00:00.000Z',
      createdBy: 'ann@example.com',
      awaitingReview: 0,
    };
    const backend = routes({
      [`GET /api/vendors/${VENDOR_ID}`]: { body: assessed },
      'GET /api/reports/report-2': { body: reportDetail({ id: 'report-2', checks: [checkResult(), dmarc] }) },
      'GET /api/remediation-requests': { body: { items: [request], total: 1 } },
    });
    mockFetch(backend);
    const { user, unmount } = renderPage();
    const row = await screen.findByTestId('remediation-request-row');
    expect(row).toHaveTextContent('1 check');
    expect(row).toHaveTextContent('sec@alpha.example');
    await user.click(await screen.findByRole('button', { name: 'Request a fix' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByTestId('request-fix-check')).toHaveLength(1);
    expect(within(dialog).getByText('DMARC enforces a policy')).toBeInTheDocument();
    unmount();

    mockFetch(backend);
    renderPage({ workspace: { role: 'viewer', personal: false } });
    expect(await screen.findByTestId('remediation-request-row')).toBeInTheDocument();
    // The assessment has loaded (its DMARC check shows under the domain's posture), and still no button.
    expect(
      await within(await screen.findByTestId('vendor-domain-posture')).findByText('DMARC enforces a policy'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a fix' })).not.toBeInTheDocument();
  });

  it('says so when the vendor is not found', async () => {
    mockFetch({ [`GET /api/vendors/${VENDOR_ID}`]: { status: 404, body: { statusCode: 404, message: 'Vendor not found' } } });
    renderPage();
    expect(await screen.findByText('Vendor not found')).toBeInTheDocument();
  });
});
