import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crawlPage } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlerResults } from './crawler-results';

const SCREENSHOT_URL = '/api/crawls/job-1/pages/p1/screenshot';

const page = crawlPage({ id: 'p1', url: 'javascript:alert(1)', screenshotUrl: SCREENSHOT_URL });

describe('CrawlerResults', () => {
  it('shows a screenshot only when asked, and hides it again', async () => {
    // The route renders it with the crawl-jobs feature's screenshot (bearer token, object URL).
    const renderScreenshot = vi.fn((url: string, alt: string) => <img src={url} alt={alt} />);
    const { user } = renderWithProviders(<CrawlerResults pages={[page]} running={false} renderScreenshot={renderScreenshot} />);

    // A crawled page's URL is not trusted to be a link.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(renderScreenshot).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Show screenshot' }));

    expect(await screen.findByRole('img', { name: 'Screenshot of Home' })).toHaveAttribute('src', SCREENSHOT_URL);
    expect(renderScreenshot).toHaveBeenCalledWith(SCREENSHOT_URL, 'Screenshot of Home');

    await user.click(screen.getByRole('button', { name: 'Hide screenshot' }));
    expect(screen.queryByRole('img', { name: 'Screenshot of Home' })).not.toBeInTheDocument();
  });
});
