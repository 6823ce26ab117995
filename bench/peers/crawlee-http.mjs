import { lookup } from 'node:dns';
import { CheerioCrawler, Configuration, log } from 'crawlee';
import { apiUrl } from './bare-http.mjs';
import { absolute } from './extract.mjs';

log.setLevel(log.LEVELS.ERROR);

/**
 * Crawlee's CheerioCrawler as its documentation sets it up, with fixed concurrency
 * (minConcurrency = maxConcurrency) and persistence off (in-memory storage, purged per run). The
 * handler does the same per-page work as every contender: title, meta description, links
 * (enqueued on the same host), one row stored.
 *
 * `hostAliases` maps host names to addresses: Crawlee keys sameDomainDelaySecs by registrable
 * domain (tldts.getDomain), which is null for an IP address — the delay would silently not apply
 * to http://127.0.0.x — so B3 gives each vendor a name (vendor07.test) resolved to its address.
 */
export async function crawleeHttpCrawl({ run, startUrls, concurrency, api, store, sameDomainDelaySecs = 0, hostAliases }) {
  const config = new Configuration({ persistStorage: false, purgeOnStart: true, persistStateIntervalMillis: 3_600_000 });
  const dnsLookup = hostAliases
    ? (hostname, options, callback) => {
        const address = hostAliases[hostname];
        if (!address) return lookup(hostname, options, callback);
        if (options?.all) return callback(null, [{ address, family: 4 }]);
        return callback(null, address, 4);
      }
    : undefined;
  let pages = 0;
  const crawler = new CheerioCrawler(
    {
      minConcurrency: concurrency,
      maxConcurrency: concurrency,
      maxRequestRetries: 1,
      sameDomainDelaySecs,
      statusMessageLoggingInterval: 3600,
      preNavigationHooks: dnsLookup
        ? [
            (_context, gotOptions) => {
              gotOptions.dnsLookup = dnsLookup;
            },
          ]
        : [],
      async requestHandler({ request, response, $, addRequests }) {
        const target = request.userData.target ?? request.loadedUrl ?? request.url;
        const title = $('title').first().text().replace(/\s+/g, ' ').trim() || null;
        const description = $('meta[name="description"]').attr('content')?.trim() || null;
        const links = [
          ...new Set(
            $('a[href]')
              .map((_, a) => absolute($(a).attr('href'), target))
              .get()
              .filter(Boolean),
          ),
        ];
        // Links are extracted once, here; the same-host ones are queued (Crawlee de-duplicates them).
        const origin = `${new URL(target).origin}/`;
        const onSite = links.filter((link) => link.startsWith(origin));
        await addRequests(
          onSite.map((url) => (api ? { url: apiUrl(api, url), uniqueKey: url, userData: { target: url } } : { url })),
        );
        await store.insert(run, { url: target, status: response.statusCode, title, description, links: links.length });
        pages++;
      },
    },
    config,
  );
  const requests = startUrls.map((url) => (api ? { url: apiUrl(api, url), uniqueKey: url, userData: { target: url } } : { url }));
  const startedAt = performance.timeOrigin + performance.now();
  const stats = await crawler.run(requests);
  const endedAt = performance.timeOrigin + performance.now();
  return { pages, failures: stats.requestsFailed, startedAt, endedAt };
}
