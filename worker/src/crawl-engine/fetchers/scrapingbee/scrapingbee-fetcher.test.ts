import { AddressGuard, createGuardedAgent, ScrapingBeeClient } from '@vendorwatch/runtime';
import { startEndlessServer, type EndlessServer } from '../../../../../test-support';
import { MAX_BODY_BYTES } from '../../page-reading/page-body';
import { ScrapingBeeFetcher } from './scrapingbee-fetcher';

/** A scraping endpoint (user-entered) that answers with a gigabyte: the fetcher reads the page limit and lets go. */
describe('ScrapingBee fetcher and an endless answer', () => {
  let endless: EndlessServer;
  const agent = createGuardedAgent(new AddressGuard(true));

  beforeAll(async () => {
    endless = await startEndlessServer({ contentType: 'text/html' });
  });
  afterAll(async () => {
    await agent.close();
    await endless.close();
  });

  it('reads at most the page limit and releases the connection', async () => {
    const client = new ScrapingBeeClient({ endpoint: `${endless.url}/api/v1`, apiKey: 'key-1234' });
    const fetcher = new ScrapingBeeFetcher(client, agent, new AddressGuard(true));
    // Without ScrapingBee's own headers the answer is the API's error; its text is what was read.
    await expect(fetcher.fetch('https://example.com/', new AbortController().signal)).rejects.toThrow(/ScrapingBee answered 200/);
    await endless.settled();
    expect(endless.sent[0]).toBeLessThan(MAX_BODY_BYTES * 4);
  });
});
