import { MESSAGES, type ConnectionTestResult, type CrawlerConfig, type ScrapeResult } from '@vendorwatch/contracts';
import { startEndlessServer, type EndlessServer } from '../../../../test-support';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * A user-entered scraping endpoint that answers with a gigabyte: the API reads up to its ceiling,
 * lets go of the connection, and answers with a clear error; its memory does not follow the answer.
 */
describe('an endpoint that streams 1 GB', () => {
  let t: TestApp;
  let endless: EndlessServer;
  let user: TestUser;
  const GB = 1024 ** 3;

  beforeAll(async () => {
    endless = await startEndlessServer();
    t = await startTestApp();
    user = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await endless.close();
  });

  it('connection test, /api/scrapingbee/test and /api/scrapingbee/scrape: read up to their ceiling, then a clear error', async () => {
    const rssBefore = process.memoryUsage().rss;
    const apiEndpoint = `${endless.url}/api/v1`;
    const tested = (await (
      await user.api('/api/crawler-configs/test', { method: 'POST', json: { apiKey: 'key-1234', apiEndpoint } })
    ).json()) as ConnectionTestResult;
    expect(tested).toMatchObject({
      success: false,
      message: expect.stringContaining(`${MESSAGES.scraping.answerTooLarge}: The response is larger than 64 KB`),
    });

    const config = (await (
      await user.api('/api/crawler-configs', { method: 'POST', json: { name: 'Endless', apiKey: 'key-1234', apiEndpoint } })
    ).json()) as CrawlerConfig;
    await user.api(`/api/crawler-configs/${config.id}/activate`, { method: 'POST' });
    expect(await (await user.api('/api/scrapingbee/test')).json()).toMatchObject({
      success: false,
      message: expect.stringContaining('larger than 64 KB'),
    });
    const scraped = (await (
      await user.api('/api/scrapingbee/scrape', { method: 'POST', json: { url: 'https://example.com/' } })
    ).json()) as ScrapeResult;
    expect(scraped).toMatchObject({ success: false, message: expect.stringContaining('larger than 10 MB'), pageSource: null });

    await endless.settled();
    expect(endless.sent).toHaveLength(3);
    // Each answer was let go of near its ceiling (socket buffers hold a few MB more), far from its gigabyte.
    for (const bytes of endless.sent) expect(bytes).toBeLessThan(GB / 16);
    // Loose: the process did not take on anything like the answers' size.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(GB / 4);
  });
});
