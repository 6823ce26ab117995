import { MAX_BANNERS, type ScriptBanner } from '@vendorwatch/compliance';
import type { HTTPResponse, Page } from 'puppeteer';

/** The first characters kept of each script: where a library announces itself (`/*! jQuery v1.12.4 …`). */
export const BANNER_LENGTH = 1024;
/** Scripts whose first bytes one page keeps, and one crawl (the assessment reads at most MAX_BANNERS). */
const MAX_PER_PAGE = 50;
const MAX_PER_CRAWL = MAX_BANNERS;
/** How long reading the page's facts waits for script bodies still arriving. */
const WAIT_MS = 2000;

/**
 * The first bytes of the scripts a page loads, read from the browser's own responses (nothing is fetched
 * again). Each script is kept once per crawl, on the first page that loaded it: later pages name it in
 * their requests, which is what tells the library is on them too. Attached to each tab of the crawl.
 */
export class ScriptBanners {
  private pending: Promise<ScriptBanner | null>[] = [];

  /** `kept`: the scripts this crawl has a banner of already, shared by the crawl's tabs. */
  constructor(private readonly kept: Set<string>) {}

  attach(page: Page): void {
    page.on('response', (response) => this.read(response));
  }

  /** Starts a page: what the previous one left unread is not this page's. */
  begin(): void {
    this.pending = [];
  }

  /** The banners of the page's scripts, as many as arrived within the wait. */
  async collect(): Promise<ScriptBanner[]> {
    const pending = this.pending;
    this.pending = [];
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)));
    const read = await Promise.all(pending.map((banner) => Promise.race([banner, late])));
    clearTimeout(timer);
    return read.filter((banner): banner is ScriptBanner => banner !== null);
  }

  private read(response: HTTPResponse): void {
    const url = response.url();
    const status = response.status();
    if (response.request().resourceType() !== 'script' || status < 200 || status >= 300) return;
    if (!/^https?:/i.test(url) || this.kept.has(url) || this.pending.length >= MAX_PER_PAGE || this.kept.size >= MAX_PER_CRAWL)
      return;
    this.kept.add(url);
    this.pending.push(
      response.buffer().then(
        (body) => ({
          url,
          banner: body
            .subarray(0, BANNER_LENGTH * 4)
            .toString('utf8')
            .slice(0, BANNER_LENGTH),
        }),
        () => {
          // Gone with its page (or never stored by the browser): another page may still give it.
          this.kept.delete(url);
          return null;
        },
      ),
    );
  }
}
