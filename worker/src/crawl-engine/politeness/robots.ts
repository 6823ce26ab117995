import robotsParser from 'robots-parser';
import { ROBOTS_AGENT, type TextGetter } from '../fetchers/http/http-client';

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** The site's Crawl-delay for us, in ms, when it sets one. */
  crawlDelayMs: number | null;
  sitemaps: string[];
  /** Why the whole site is off limits (robots.txt unavailable with a server error), or null. */
  disallowAllReason: string | null;
}

const allowAll = (sitemaps: string[] = []): RobotsRules => ({
  isAllowed: () => true,
  crawlDelayMs: null,
  sitemaps,
  disallowAllReason: null,
});

/**
 * robots.txt of one origin, after RFC 9309: 2xx → its rules; 4xx → no rules; 5xx → nothing may be
 * crawled. A host we cannot reach at all gets no rules: its pages then fail and record why.
 */
export async function loadRobots(getText: TextGetter, origin: string, signal: AbortSignal): Promise<RobotsRules> {
  const url = `${origin}/robots.txt`;
  let answer: { status: number; text: string } | null;
  try {
    answer = await getText(url, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return allowAll();
  }
  if (!answer) return allowAll();
  if (answer.status >= 500) {
    const reason = `robots.txt answered HTTP ${answer.status}: the site asks crawlers to stay away`;
    return { isAllowed: () => false, crawlDelayMs: null, sitemaps: [], disallowAllReason: reason };
  }
  if (answer.status >= 400) return allowAll();
  const robots = robotsParser(url, answer.text);
  const delay = robots.getCrawlDelay(ROBOTS_AGENT);
  return {
    isAllowed: (pageUrl: string) => robots.isAllowed(pageUrl, ROBOTS_AGENT) !== false,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? Math.round(delay * 1000) : null,
    sitemaps: robots.getSitemaps(),
    disallowAllReason: null,
  };
}
