import type { ScriptBanner } from '@vendorwatch/compliance';
import { throwIfAborted } from '../../primitives/abort';
import { hostOf } from '../../urls/canonical-url';
import type { InTurn } from '../fetcher';
import { BANNER_LENGTH } from '../puppeteer/script-banners';
import type { HttpClient } from './http-client';

/** Bytes asked for from each script: its banner's characters (BANNER_LENGTH), each at most 4 bytes of UTF-8. */
export const BANNER_BYTES = 4 * BANNER_LENGTH;

export interface ScriptBannerLimits {
  /** Scripts read in one crawl (each URL once): what a site with a script per page costs at most. */
  perCrawl: number;
  /** Scripts read for one page, in document order; the rest wait for a later page that loads them too. */
  perPage: number;
  /** How long one script may take, its turn at the host included: a slow third party is left out, never waited on. */
  timeoutMs: number;
}

export const SCRIPT_BANNER_LIMITS: ScriptBannerLimits = { perCrawl: 100, perPage: 20, timeoutMs: 10_000 };

/**
 * The first bytes of the scripts a crawl's pages load, read by the http method (which runs no script):
 * one ranged request per script URL per crawl, same-site and third-party alike, each in its host's turn
 * like any request of the crawl and through the same SSRF-guarded client. Where a library announces its
 * version (`/*! Bootstrap v3.3.7`), the assessment finds it as it does in the browser's banners. A script
 * that does not answer is left out; it is not asked for again in the crawl. Like the browser method loading
 * the page, it does not ask robots.txt (which governs crawling pages, and a third party's is never read);
 * a host's Crawl-delay the crawl has read still spaces the requests.
 */
export class HttpScriptBanners {
  /** Script URLs this crawl has asked for already. */
  private readonly asked = new Set<string>();

  constructor(
    private readonly client: HttpClient,
    private readonly limits: ScriptBannerLimits = SCRIPT_BANNER_LIMITS,
  ) {}

  /** The banners of the page's scripts not read yet in this crawl; hosts are read side by side, each host's scripts in turn. */
  async read(scripts: readonly string[], inTurn: InTurn, signal: AbortSignal): Promise<ScriptBanner[]> {
    const room = Math.min(this.limits.perPage, this.limits.perCrawl - this.asked.size);
    if (room <= 0) return [];
    const chosen = scripts.filter((url) => /^https?:\/\//i.test(url) && !this.asked.has(url)).slice(0, room);
    if (chosen.length === 0) return [];
    for (const url of chosen) this.asked.add(url);
    const byHost = new Map<string, string[]>();
    for (const url of chosen) byHost.set(hostOf(url), [...(byHost.get(hostOf(url)) ?? []), url]);
    const banners = new Map<string, string>();
    await Promise.all(
      [...byHost.values()].map(async (urls) => {
        for (const url of urls) {
          const banner = await this.readOne(url, inTurn, signal);
          if (banner !== null) banners.set(url, banner);
        }
      }),
    );
    throwIfAborted(signal);
    return chosen.flatMap((url) => (banners.has(url) ? [{ url, banner: banners.get(url)! }] : []));
  }

  private async readOne(url: string, inTurn: InTurn, signal: AbortSignal): Promise<string | null> {
    if (signal.aborted) return null;
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.limits.timeoutMs)]);
    try {
      const answer = await inTurn(url, deadline, (hooks) => this.client.getStart(url, deadline, hooks, BANNER_BYTES));
      if (answer.status < 200 || answer.status >= 300) return null;
      return answer.text.slice(0, BANNER_LENGTH);
    } catch {
      // Refused by the SSRF guard, unreachable, slow or an error status: no banner, the crawl goes on.
      return null;
    }
  }
}
