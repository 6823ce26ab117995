import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlPageScreenshot } from './crawl-page-screenshot';

const SCREENSHOT_URL = '/api/crawls/job-1/pages/p1/screenshot';

describe('CrawlPageScreenshot', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:screenshot-1'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('loads the screenshot with the bearer-token client as an object URL, released with the image', async () => {
    const { requests } = mockFetch({ [`GET ${SCREENSHOT_URL}`]: { body: 'png-bytes' } });
    const { unmount } = renderWithProviders(<CrawlPageScreenshot url={SCREENSHOT_URL} alt="Screenshot of Home" />);

    expect(await screen.findByRole('img', { name: 'Screenshot of Home' })).toHaveAttribute('src', 'blob:screenshot-1');
    expect(requests()).toEqual([expect.objectContaining({ method: 'GET', path: SCREENSHOT_URL })]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:screenshot-1');
  });
});
