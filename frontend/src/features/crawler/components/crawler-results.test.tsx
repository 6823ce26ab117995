import type { CrawlPage } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlerResults } from './crawler-results';

const SCREENSHOT_URL = '/api/crawls/job-1/pages/p1/screenshot';

const page: CrawlPage = {
  id: 'p1',
  jobId: 'job-1',
  url: 'javascript:alert(1)',
  finalUrl: null,
  statusCode: 200,
  contentType: 'text/html',
  title: 'Home',
  description: null,
  responseTimeMs: 12,
  contentHash: null,
  linksCount: 0,
  securityHeaders: {},
  redirectChain: [],
  screenshotUrl: SCREENSHOT_URL,
  error: null,
  fetchedAt: '2025-01-01T00:00:02Z',
};

describe('CrawlerResults', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:screenshot-1'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('loads a screenshot only when asked, with the bearer-token client, as an object URL', async () => {
    const { requests } = mockFetch({ [`GET ${SCREENSHOT_URL}`]: { body: 'png-bytes' } });
    const { user } = renderWithProviders(<CrawlerResults pages={[page]} running={false} />);

    // A crawled page's URL is not trusted to be a link.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(requests()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show screenshot' }));

    expect(await screen.findByRole('img', { name: 'Screenshot of Home' })).toHaveAttribute('src', 'blob:screenshot-1');
    expect(requests()).toEqual([expect.objectContaining({ method: 'GET', path: SCREENSHOT_URL })]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Hide screenshot' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:screenshot-1');
  });
});
