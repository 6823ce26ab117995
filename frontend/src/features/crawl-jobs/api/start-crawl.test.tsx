import { DEFAULT_CRAWL_RUN_SETTINGS, MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crawlJob, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { alreadyRunningMessage, useStartCrawl } from './start-crawl';

function StartButton() {
  const start = useStartCrawl();
  return (
    <button
      type="button"
      onClick={() => start.mutate({ vendorId: VENDOR_ID, method: 'http', settings: DEFAULT_CRAWL_RUN_SETTINGS })}
    >
      Crawl
    </button>
  );
}

describe('starting a crawl', () => {
  it('says a crawl started when the API created one (201)', async () => {
    mockFetch({ 'POST /api/crawls': { status: 201, body: crawlJob({ status: 'queued', method: 'http' }) } });
    const { user } = renderWithProviders(<StartButton />);
    await user.click(screen.getByRole('button', { name: 'Crawl' }));
    expect(await screen.findByText(MESSAGES.crawls.started)).toBeInTheDocument();
  });

  it('says which crawl was already under way, its method and how far, when the API answered with it (200)', async () => {
    const running = crawlJob({ status: 'running', method: 'puppeteer', vendorName: 'Alpha', pagesDone: 3, pagesPlanned: 10 });
    mockFetch({ 'POST /api/crawls': { status: 200, body: running } });
    const { user } = renderWithProviders(<StartButton />);
    await user.click(screen.getByRole('button', { name: 'Crawl' }));

    expect(
      await screen.findByText(
        'A crawl of Alpha was already under way (Puppeteer, 3 of 10 pages): showing it instead of starting another',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.crawls.started)).not.toBeInTheDocument();
    expect(alreadyRunningMessage({ ...running, status: 'queued' })).toContain('(Puppeteer, waiting to start)');
  });
});
