import { requireFrom } from '../lib/paths.mjs';
import { createExtractor } from './extract.mjs';
import { crawlFrontier } from './frontier-loop.mjs';

const { Agent, request } = requireFrom('worker', 'undici');

const USER_AGENT = 'Mozilla/5.0 (compatible; BenchCeiling/1.0)';

/** A ScrapingBee-protocol request for `target`, as the product's api method sends it. */
export const apiUrl = ({ endpoint, apiKey }, target) =>
  `${endpoint}?api_key=${encodeURIComponent(apiKey)}&url=${encodeURIComponent(target)}&render_js=false&transparent_status_code=true`;

/**
 * The ceiling of an HTTP crawl: `concurrency` loops over one in-memory frontier, each fetching
 * with undici (keep-alive), streaming the body through htmlparser2 and storing the row — no
 * queue, no retries, no politeness, no framework. Stays on each start URL's host.
 */
export async function bareHttpCrawl({ run, startUrls, concurrency, api, store }) {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  const visit = async (url) => {
    const response = await request(api ? apiUrl(api, url) : url, {
      dispatcher: agent,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*;q=0.8' },
    });
    const extractor = createExtractor(url);
    const decoder = new TextDecoder();
    for await (const chunk of response.body) extractor.write(decoder.decode(chunk, { stream: true }));
    extractor.write(decoder.decode());
    return { status: response.statusCode, facts: extractor.end() };
  };
  try {
    return await crawlFrontier({ run, startUrls, concurrency, store, openLoop: () => ({ visit }) });
  } finally {
    await agent.close();
  }
}
