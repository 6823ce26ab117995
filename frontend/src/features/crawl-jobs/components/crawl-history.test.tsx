import { MESSAGES } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crawlJob, paginated, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlHistory } from './crawl-history';

const vendors = [
  { id: VENDOR_ID, name: 'Alpha' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Beta' },
];

const historyCalls = (requests: () => MockRequest[]) =>
  requests()
    .filter((r) => r.path === '/api/crawls')
    .map((r) => Object.fromEntries(new URLSearchParams(r.search)));

describe('CrawlHistory', () => {
  it('lists jobs with vendor, method, status, start, duration and pages, each linking to its detail', async () => {
    mockFetch({
      'GET /api/crawls': {
        body: paginated([
          crawlJob({
            status: 'completed',
            method: 'api',
            pagesDone: 12,
            pagesPlanned: 20,
            startTime: '2025-01-01T00:00:00Z',
            completionTime: '2025-01-01T00:03:12Z',
          }),
          crawlJob({ id: 'job-2', vendorName: 'Beta', status: 'queued', startTime: null }),
        ]),
      },
    });
    renderWithProviders(<CrawlHistory vendors={vendors} />, { initialEntries: ['/crawls'] });

    const [done, queued] = await screen.findAllByTestId('crawl-history-row');
    expect(within(done!).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', '/crawls/job-1');
    expect(done).toHaveTextContent('API');
    expect(within(done!).getByText('Completed').closest('[data-status]')).toHaveAttribute('data-status', 'completed');
    expect(done).toHaveTextContent('3 min 12 s');
    expect(done).toHaveTextContent('12 / 20');
    expect(within(queued!).getByRole('link', { name: 'Beta' })).toHaveAttribute('href', '/crawls/job-2');
    expect(within(queued!).getByText('Queued').closest('[data-status]')).toHaveAttribute('data-status', 'queued');
  });

  it('on a phone, shows each crawl as a card with labelled values instead of a table', async () => {
    mockPhoneScreen();
    mockFetch({ 'GET /api/crawls': { body: paginated([crawlJob({ status: 'cancelled', pagesDone: 1, pagesPlanned: 1 })]) } });
    renderWithProviders(<CrawlHistory vendors={vendors} />, { initialEntries: ['/crawls'] });

    const [card] = await screen.findAllByTestId('crawl-history-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Crawl history' })).toContainElement(card!);
    expect(within(card!).getByText('Status')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', '/crawls/job-1');
  });

  it('sends the chosen filters in the query string, back on page 1', async () => {
    const { requests } = mockFetch({
      'GET /api/crawls': { body: paginated([crawlJob({ status: 'failed' })], { total: 45 }) },
    });
    const { user } = renderWithProviders(<CrawlHistory vendors={vendors} />, { initialEntries: ['/crawls?page=2'] });
    await screen.findAllByTestId('crawl-history-row');
    expect(historyCalls(requests)).toEqual([{ page: '2', limit: '20' }]);

    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.type(screen.getByLabelText('From'), '2025-01-01');
    await user.type(screen.getByLabelText('To'), '2025-01-31');

    await waitFor(() =>
      expect(historyCalls(requests).at(-1)).toEqual({
        vendorId: '22222222-2222-4222-8222-222222222222',
        status: 'failed',
        from: '2025-01-01',
        to: '2025-01-31',
        page: '1',
        limit: '20',
      }),
    );
  });

  it('asks for page 2 when the pagination says so', async () => {
    const { requests } = mockFetch({
      'GET /api/crawls': ({ search }) => {
        const page = Number(new URLSearchParams(search).get('page'));
        return { body: paginated([crawlJob({ id: `job-p${page}`, vendorName: `Vendor on page ${page}` })], { total: 45, page }) };
      },
    });
    const { user } = renderWithProviders(<CrawlHistory vendors={vendors} />, { initialEntries: ['/crawls?status=completed'] });
    expect(await screen.findByRole('link', { name: 'Vendor on page 1' })).toBeInTheDocument();

    // 45 jobs, 20 a page.
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));

    expect(await screen.findByRole('link', { name: 'Vendor on page 2' })).toBeInTheDocument();
    expect(historyCalls(requests).at(-1)).toEqual({ status: 'completed', page: '2', limit: '20' });
  });

  it("says 'No crawl history found' when nothing matches", async () => {
    mockFetch({ 'GET /api/crawls': { body: paginated([]) } });
    renderWithProviders(<CrawlHistory vendors={vendors} />, { initialEntries: ['/crawls'] });

    expect(await screen.findByText(MESSAGES.crawls.noHistoryFound)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('ignores filters in the address the API would refuse', async () => {
    const { requests } = mockFetch({ 'GET /api/crawls': { body: paginated([]) } });
    renderWithProviders(<CrawlHistory vendors={vendors} />, {
      initialEntries: ['/crawls?vendorId=nope&status=done&from=yesterday&page=-3'],
    });

    await screen.findByText(MESSAGES.crawls.noHistoryFound);
    expect(historyCalls(requests)).toEqual([{ page: '1', limit: '20' }]);
  });
});
