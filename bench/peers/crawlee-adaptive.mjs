import { AdaptivePlaywrightCrawler, Configuration, log } from 'crawlee';
import { chromium } from 'playwright';
import { BLOCKED_RESOURCE_TYPES, CHROMIUM_PATH, crawleeBrowserOptions, productChromium } from './browser-setup.mjs';

log.setLevel(log.LEVELS.ERROR);

/**
 * Crawlee's AdaptivePlaywrightCrawler as shipped (its rendering-type predictor, detection on 10 % of
 * the requests, its default result comparison), with the product's Chromium binary, flags and
 * viewport, fixed concurrency, persistence and fingerprints off — and the product's blocking in the
 * browser: images, fonts and media dropped by resource type, as the browser method's request filter
 * does, plus /favicon.ico. The handler returns what the assessment would read from a page that
 * Crawlee can compare between HTTP and the browser: title, description, links and script sources
 * (a tag manager's injected tracker is a script element only in the rendered page). A handler's
 * result is committed once (the crawler may run it twice), so pages are stored from the dataset
 * when the crawl ends, inside the measured window.
 */
export async function crawleeAdaptiveCrawl({ run, startUrls, concurrency, store }) {
  const { args, viewport } = await productChromium();
  const config = new Configuration({ persistStorage: false, purgeOnStart: true, persistStateIntervalMillis: 3_600_000 });
  const crawler = new AdaptivePlaywrightCrawler(
    {
      ...crawleeBrowserOptions(concurrency),
      launchContext: {
        launcher: chromium,
        useChrome: false,
        launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args, viewport },
      },
      browserPoolOptions: {
        useFingerprints: false,
        postPageCreateHooks: [
          async (page) => {
            await page.route('**/*', (route) => {
              const request = route.request();
              const blocked =
                !request.isNavigationRequest() &&
                (BLOCKED_RESOURCE_TYPES.has(request.resourceType()) || new URL(request.url()).pathname === '/favicon.ico');
              return blocked ? route.abort('blockedbyclient') : route.continue();
            });
          },
        ],
      },
      async requestHandler({ request, response, parseWithCheerio, pushData, addRequests }) {
        const $ = await parseWithCheerio();
        const base = request.loadedUrl ?? request.url;
        const absolute = (href) => {
          try {
            const url = new URL(href, base);
            url.hash = '';
            return /^https?:$/.test(url.protocol) ? url.href : null;
          } catch {
            return null;
          }
        };
        const links = [
          ...new Set(
            $('a[href], area[href]')
              .map((_, a) => absolute($(a).attr('href')))
              .get()
              .filter(Boolean),
          ),
        ].sort();
        const scripts = $('script[src]')
          .map((_, s) => absolute($(s).attr('src')))
          .get()
          .filter(Boolean)
          .sort();
        const origin = `${new URL(base).origin}/`;
        await addRequests(links.filter((link) => link.startsWith(origin)).map((url) => ({ url })));
        await pushData({
          url: request.url,
          status: response?.statusCode ?? null,
          title: $('title').first().text().replace(/\s+/g, ' ').trim() || null,
          description: $('meta[name="description" i]').attr('content')?.trim() || null,
          links,
          scripts,
        });
      },
    },
    config,
  );
  const startedAt = performance.timeOrigin + performance.now();
  const stats = await crawler.run(startUrls);
  const { items } = await crawler.getData();
  for (const item of items) await store.insert(run, { ...item, links: item.links.length });
  const endedAt = performance.timeOrigin + performance.now();
  const state = crawler.stats.state;
  await crawler.teardown?.();
  return {
    pages: items.length,
    failures: stats.requestsFailed,
    startedAt,
    endedAt,
    // What the row compares with the browser crawl, and how many pages the browser opened.
    readings: Object.fromEntries(items.map((item) => [item.url, { links: item.links, scripts: item.scripts }])),
    browserRuns: state.browserRequestHandlerRuns ?? 0,
    httpRuns: state.httpOnlyRequestHandlerRuns ?? 0,
    mispredictions: state.renderingTypeMispredictions ?? 0,
  };
}
