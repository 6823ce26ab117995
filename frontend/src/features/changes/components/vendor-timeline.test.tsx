import { MESSAGES, type CrawlChanges, type PageChangeDiff, type TimelineEntry } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginated, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorTimeline } from './vendor-timeline';

const SECOND = '22222222-2222-4222-8222-222222222222';
const FIRST = '11111111-1111-4111-8111-111111111112';
const PAGE_CHANGE = '33333333-3333-4333-8333-333333333333';

const entry = (extra: Partial<TimelineEntry>): TimelineEntry => ({
  crawlJobId: FIRST,
  status: 'completed',
  method: 'http',
  createdAt: '2029-12-17T05:00:00Z',
  completedAt: '2029-12-17T05:03:00Z',
  error: null,
  pagesDone: 10,
  rate: 64,
  label: 'Non-Compliant',
  changes: null,
  ...extra,
});

const timeline = [
  entry({
    crawlJobId: SECOND,
    createdAt: '2029-12-24T05:00:00Z',
    rate: 82,
    label: 'Partially Compliant',
    changes: {
      previousCrawlJobId: FIRST,
      added: 1,
      removed: 1,
      changed: 1,
      changedPercent: 25,
      policyPagesChanged: 1,
      findingsNew: 0,
      findingsResolved: 1,
      findingsNotComparable: 0,
      methodBefore: 'http',
    },
  }),
  entry({
    changes: {
      previousCrawlJobId: null,
      added: 0,
      removed: 0,
      changed: 0,
      changedPercent: 0,
      policyPagesChanged: 0,
      findingsNew: 0,
      findingsResolved: 0,
      findingsNotComparable: 0,
      methodBefore: null,
    },
  }),
];

const pageChange = (id: string, kind: 'added' | 'removed' | 'changed', url: string, policyKind: 'privacy' | null = null) => ({
  id,
  url,
  kind,
  policyKind,
  titleBefore: kind === 'added' ? null : url.split('/').pop()!,
  titleAfter: kind === 'removed' ? null : url.split('/').pop()!,
});

const changes: CrawlChanges = {
  summary: {
    id: '44444444-4444-4444-8444-444444444444',
    crawlJobId: SECOND,
    previousCrawlJobId: FIRST,
    vendorId: VENDOR_ID,
    comparedAt: '2029-12-24T05:03:01Z',
    pagesBefore: 4,
    pagesAfter: 4,
    added: 1,
    removed: 1,
    changed: 1,
    unchanged: 2,
    changedPercent: 25,
    policyPagesChanged: 1,
    findingsNew: [],
    findingsResolved: [{ checkId: 'hsts', title: 'HSTS header set', severity: 'high', outcome: 'pass', previousOutcome: 'fail' }],
    findingsNotComparable: [],
    methodBefore: 'http',
    methodAfter: 'http',
    rateBefore: 64,
    rateAfter: 82,
    labelBefore: 'Non-Compliant',
    labelAfter: 'Partially Compliant',
  },
  pages: {
    items: [
      pageChange(PAGE_CHANGE, 'changed', 'https://alpha.example/privacy', 'privacy'),
      pageChange('55555555-5555-4555-8555-555555555555', 'added', 'https://alpha.example/careers'),
      pageChange('66666666-6666-4666-8666-666666666666', 'removed', 'https://alpha.example/old-news'),
    ],
    total: 3,
    page: 1,
    limit: 20,
  },
};

const diff: PageChangeDiff = {
  change: changes.pages.items[0]!,
  segments: [
    { kind: 'equal', text: 'We keep your data for ' },
    { kind: 'removed', text: 'two years' },
    { kind: 'added', text: 'ninety days' },
    { kind: 'equal', text: '.' },
  ],
  tooManyChanges: null,
};

describe('VendorTimeline', () => {
  it("opens a crawl's changes: rate, resolved findings, pages added, removed and changed, and a changed policy page's word diff", async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/timeline`]: { body: paginated(timeline) },
      [`GET /api/crawls/${SECOND}/changes`]: { body: changes },
      [`GET /api/crawls/${SECOND}/changes/pages/${PAGE_CHANGE}`]: { body: diff },
    });
    const { user } = renderWithProviders(<VendorTimeline vendorId={VENDOR_ID} statusBadge={(status) => <span>{status}</span>} />);

    const [latest, first] = await screen.findAllByTestId('timeline-entry');
    expect(within(latest!).getByTestId('timeline-counts')).toHaveTextContent('+1−1~11 policy page1 resolved');
    expect(within(first!).queryByTestId('timeline-counts')).not.toBeInTheDocument();

    await user.click(within(latest!).getByRole('button', { name: /^Crawl of/ }));
    const panel = await within(latest!).findByTestId('crawl-changes');
    expect(panel).toHaveTextContent('Compliance rate 64.0% → 82.0% (now Partially Compliant)');
    expect(within(panel).getByTestId('findings-resolved')).toHaveTextContent('HSTS header set');
    const pages = within(panel).getAllByTestId('page-change');
    expect(pages.map((page) => page.dataset.kind)).toEqual(['changed', 'added', 'removed']);
    expect(within(pages[0]!).getByTestId('policy-page')).toHaveTextContent('Privacy policy');

    await user.click(within(pages[0]!).getByRole('button', { name: 'Show diff' }));
    const wordDiff = await within(pages[0]!).findByTestId('word-diff');
    expect(wordDiff.querySelector('del')).toHaveTextContent('two years');
    expect(wordDiff.querySelector('ins')).toHaveTextContent('ninety days');

    await user.click(within(first!).getByRole('button', { name: /^Crawl of/ }));
    expect(await within(first!).findByText(MESSAGES.timeline.firstCrawl)).toBeInTheDocument();
  });

  it('opens the crawl an alert links to (?crawl=) with its changes shown', async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/timeline`]: { body: paginated(timeline) },
      [`GET /api/crawls/${SECOND}/changes`]: { body: changes },
    });
    renderWithProviders(<VendorTimeline vendorId={VENDOR_ID} statusBadge={(status) => <span>{status}</span>} />, {
      initialEntries: [`/vendors/${VENDOR_ID}?crawl=${SECOND}`],
    });
    const [latest] = await screen.findAllByTestId('timeline-entry');
    expect(await within(latest!).findByTestId('crawl-changes')).toHaveTextContent('Compliance rate 64.0% → 82.0%');
  });

  it('says when the method changed, and names the checks that could not be compared', async () => {
    const byBrowser = entry({
      crawlJobId: SECOND,
      method: 'puppeteer',
      changes: { ...timeline[0]!.changes!, findingsResolved: 0, findingsNotComparable: 2, methodBefore: 'http' },
    });
    const axe = { checkId: 'axe-violations', title: 'No serious accessibility violations', severity: 'high' as const };
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/timeline`]: { body: paginated([byBrowser]) },
      [`GET /api/crawls/${SECOND}/changes`]: {
        body: {
          ...changes,
          summary: {
            ...changes.summary,
            findingsResolved: [],
            findingsNotComparable: [{ ...axe, outcome: 'fail', previousOutcome: 'not_applicable' }],
            methodBefore: 'http',
            methodAfter: 'puppeteer',
          },
        },
      },
    });
    const { user } = renderWithProviders(<VendorTimeline vendorId={VENDOR_ID} statusBadge={() => null} />);
    const [latest] = await screen.findAllByTestId('timeline-entry');
    expect(within(latest!).getByTestId('timeline-method-change')).toHaveTextContent(
      'Method changed: HTTP → Puppeteer2 not comparable',
    );
    await user.click(within(latest!).getByRole('button', { name: /^Crawl of/ }));
    const panel = await within(latest!).findByTestId('crawl-changes');
    expect(within(panel).getByTestId('method-changed')).toHaveTextContent('The method changed from HTTP to Puppeteer');
    expect(within(panel).getByTestId('findings-not-comparable')).toHaveTextContent('No serious accessibility violations');
    expect(within(panel).queryByTestId('findings-new')).not.toBeInTheDocument();
  });

  it('names what a check that already failed newly found: a second vulnerable library is a new finding', async () => {
    const withLibrary = entry({ crawlJobId: SECOND, changes: { ...timeline[0]!.changes!, findingsNew: 1, findingsResolved: 0 } });
    const library = {
      checkId: 'vulnerable-js-libraries',
      title: 'No JavaScript library with a known vulnerability',
      severity: 'high' as const,
      outcome: 'fail' as const,
      previousOutcome: 'fail' as const,
      newFindings: ['bootstrap 3.3.7: CVE-2019-8331'],
    };
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/timeline`]: { body: paginated([withLibrary]) },
      [`GET /api/crawls/${SECOND}/changes`]: {
        body: { ...changes, summary: { ...changes.summary, findingsNew: [library], findingsResolved: [] } },
      },
    });
    const { user } = renderWithProviders(<VendorTimeline vendorId={VENDOR_ID} statusBadge={() => null} />);
    const [latest] = await screen.findAllByTestId('timeline-entry');
    expect(within(latest!).getByTestId('timeline-counts')).toHaveTextContent('1 new findings');
    await user.click(within(latest!).getByRole('button', { name: /^Crawl of/ }));
    const panel = await within(latest!).findByTestId('crawl-changes', {}, { timeout: 10_000 });
    expect(within(panel).getByTestId('findings-new')).toHaveTextContent('No JavaScript library with a known vulnerability');
    expect(within(panel).getByTestId('new-findings-below')).toHaveTextContent(
      'Still failing, and newly found: bootstrap 3.3.7: CVE-2019-8331',
    );
  });

  it('says when the vendor has no crawls yet', async () => {
    mockFetch({ [`GET /api/vendors/${VENDOR_ID}/timeline`]: { body: paginated([]) } });
    renderWithProviders(<VendorTimeline vendorId={VENDOR_ID} statusBadge={() => null} />);
    expect(await screen.findByText(MESSAGES.timeline.none)).toBeInTheDocument();
  });
});
