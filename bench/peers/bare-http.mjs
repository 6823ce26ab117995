import { requireFrom } from '../lib/paths.mjs';
import { createExtractor } from './extract.mjs';

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
  const seen = new Set(startUrls);
  const frontier = [...startUrls];
  let active = 0;
  let pages = 0;
  let failures = 0;
  let lastError = null;
  let waiting = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  async function fetchPage(url) {
    const response = await request(api ? apiUrl(api, url) : url, {
      dispatcher: agent,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*;q=0.8' },
    });
    const extractor = createExtractor(url);
    const decoder = new TextDecoder();
    for await (const chunk of response.body) extractor.write(decoder.decode(chunk, { stream: true }));
    extractor.write(decoder.decode());
    const facts = extractor.end();
    const origin = `${new URL(url).origin}/`;
    for (const link of facts.links) {
      if (link.startsWith(origin) && !seen.has(link)) {
        seen.add(link);
        frontier.push(link);
      }
    }
    await store.insert(run, {
      url,
      status: response.statusCode,
      title: facts.title,
      description: facts.description,
      links: facts.links.length,
    });
    pages++;
  }

  async function loop() {
    for (;;) {
      const url = frontier.shift();
      if (url === undefined) {
        if (active === 0) return wake();
        await new Promise((resolve) => waiting.push(resolve));
        continue;
      }
      active++;
      try {
        await fetchPage(url);
      } catch (error) {
        failures++;
        lastError = error;
      } finally {
        active--;
        wake();
      }
    }
  }

  const startedAt = performance.timeOrigin + performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const endedAt = performance.timeOrigin + performance.now();
  await agent.close();
  return { pages, failures, lastError: lastError && String(lastError.stack ?? lastError), startedAt, endedAt };
}
