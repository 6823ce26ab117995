import { requireFrom } from '../lib/paths.mjs';
import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { pagePath, scriptedTemplate } from '../site/generator.mjs';
import { crawlWindow } from '../site/site.mjs';
import { peerCrawl, startPeer } from './contenders.mjs';

const { CRAWL_METHODS } = requireFrom('worker', '@vendorwatch/contracts');
const { sql } = requireFrom('packages/db', 'drizzle-orm');

/** Targets from issue #43, on the mostly server-rendered site. */
const VS_BROWSER_TARGET = 3;
const VS_CRAWLEE_TARGET = 1.2;

const SITES = [
  { kind: 'm', label: 'mostly server-rendered (1 page in 20 has script-written links)', targets: true },
  {
    kind: 'x',
    label: 'mixed (4 pages in 5: script-written links, script cookies + banner, injected tracker, global library)',
    targets: false,
  },
];

/**
 * B11 — the adaptive method against the browser method and Crawlee's AdaptivePlaywrightCrawler, on a
 * mostly server-rendered site and on a mixed one (bench/site/generator.mjs, kinds m and x): one crawl
 * per host, hosts crawled at once, no crawl delay (CRAWL_MIN_DELAY_MS 0, as B1 and B2), one worker
 * process with WORKER_CONCURRENCY = hosts. Per site: pages/s (the site's log, as every row), pages
 * opened in the browser, and agreement with the browser crawl of the same round — for ours, every
 * check outcome of every vendor's assessment and the set of pages stored; for Crawlee (which assesses
 * nothing), the set of pages and whether the pages whose scripts change what its handler reads (links
 * written by a script, a tracker's script element) were read with that change.
 */
export default {
  id: 'B11',
  async run(ctx) {
    const pages = ctx.size({ full: 100, quick: 30, smoke: 6 });
    const hosts = ctx.size({ full: 8, quick: 4, smoke: 2 });
    const adaptive = CRAWL_METHODS.includes('adaptive');
    if (!adaptive) ctx.log('B11: this build has no adaptive method: the browser method and Crawlee only');
    const world = await createWorld({ logFile: ctx.logFile('b11-product') });
    const lines = [];
    const raw = {};
    try {
      await world.startWorker(
        { WORKER_CONCURRENCY: String(hosts), CRAWL_MIN_DELAY_MS: '0' },
        { execArgv: ctx.profileArgs('b11-worker') },
      );
      const crawlee = await startPeer('crawlee-adaptive', {
        databaseUrl: world.database.url,
        logFile: ctx.logFile('b11-crawlee'),
      });
      for (const [index, site] of SITES.entries()) {
        const prefix = await ctx.site.prepare({ kind: site.kind, size: pages });
        const startUrls = Array.from({ length: hosts }, (_, i) => ctx.site.url(i, prefix));
        const owner = await world.createOwner(startUrls);
        const crawl = (method) => productCrawl({ world, site: ctx.site, owner, startUrls, method, maxPages: pages });
        /** The browser crawl of the round under way: what the others are compared with. */
        let browserCrawl = null;
        const contenders = [
          {
            name: 'browser',
            run: async () => (browserCrawl = await crawl('puppeteer')()),
          },
          ...(adaptive
            ? [
                {
                  name: 'adaptive',
                  run: async () => {
                    const result = await crawl('adaptive')();
                    return { ...result, agreement: compareWithBrowser(result, browserCrawl) };
                  },
                },
              ]
            : []),
          {
            name: 'crawlee',
            run: async () => {
              const result = await peerCrawl({ peer: crawlee, site: ctx.site, options: { startUrls, concurrency: hosts } })();
              return { ...result, agreement: crawleeAgreement(result, browserCrawl, site.kind, pages, prefix) };
            },
          },
        ];
        const results = await alternate({
          warmup: index === 0 ? ctx.warmup : 0,
          rounds: ctx.rounds,
          log: (m) => ctx.log(`B11 ${site.kind}: ${m} pages/s`),
          contenders,
        });
        raw[site.kind] = figuresOnly(results);
        lines.push(...siteLines({ site, results, hosts, pages, adaptive }));
      }
      return { lines, raw };
    } finally {
      await world.close();
    }
  },
};

/**
 * One round of ours: crawls inserted and enqueued as the backend does, throughput from the site's
 * log; then, once every crawl is assessed, what the row compares — each vendor's check outcomes and
 * pages, and how many pages were opened in the browser (all of them for the browser method; for the
 * adaptive one, the pages its reading says were).
 */
function productCrawl({ world, site, owner, startUrls, method, maxPages }) {
  return async () => {
    await site.reset();
    const ids = await world.insertCrawls({ ...owner, startUrls, method, maxPages, crawlDelay: 0 });
    await world.enqueue(ids);
    const { endedAt } = await world.waitForCrawls(ids);
    const log = await site.log();
    const window = crawlWindow(log, endedAt);
    if (!(await world.waitForAssessments(ids))) throw new Error(`${method}: not every crawl was assessed within two minutes`);
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const { rows: pageRows } = await world.db.execute(
      sql`select j.vendor_id, p.url, p.document->'readBy'->>'via' as via
          from crawl_pages p join crawl_jobs j on j.id = p.job_id where p.job_id in (${list})`,
    );
    const { rows: outcomeRows } = await world.db.execute(
      sql`select a.vendor_id, r.check_id, r.outcome from compliance_assessments a
          join compliance_check_results r on r.assessment_id = a.id where a.job_id in (${list})`,
    );
    const byVendor = (rows, key, value) => {
      const map = new Map();
      for (const row of rows) {
        if (!map.has(row.vendor_id)) map.set(row.vendor_id, new Map());
        map.get(row.vendor_id).set(row[key], row[value]);
      }
      return map;
    };
    const rendered = method === 'puppeteer' ? pageRows.length : pageRows.filter((row) => row.via === 'browser').length;
    return {
      value: window.pagesPerSecond,
      ...window,
      log,
      storedPages: pageRows.length,
      rendered,
      pageSets: byVendor(pageRows, 'url', 'via'),
      outcomes: byVendor(outcomeRows, 'check_id', 'outcome'),
    };
  };
}

/** The rounds' figures for the JSON file, without the logs and readings the comparisons used. */
function figuresOnly(results) {
  return Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      { ...r, rounds: r.rounds.map(({ log: _l, readings: _r, pageSets: _p, outcomes: _o, ...rest }) => rest) },
    ]),
  );
}

/** Ours against the browser crawl of the same round: check outcomes that differ, and pages one stored and the other not. */
function compareWithBrowser(result, browser) {
  const outcomeDifferences = [];
  let outcomes = 0;
  for (const [vendor, theirs] of browser.outcomes) {
    const ours = result.outcomes.get(vendor) ?? new Map();
    for (const [check, outcome] of theirs) {
      outcomes++;
      if (ours.get(check) !== outcome)
        outcomeDifferences.push(`${check}: browser ${outcome}, adaptive ${ours.get(check) ?? 'none'}`);
    }
  }
  let pageDifferences = 0;
  for (const [vendor, theirs] of browser.pageSets) {
    const ours = result.pageSets.get(vendor) ?? new Map();
    for (const url of theirs.keys()) if (!ours.has(url)) pageDifferences++;
    for (const url of ours.keys()) if (!theirs.has(url)) pageDifferences++;
  }
  return { outcomes, outcomeDifferences, pageDifferences };
}

/**
 * Crawlee against the browser crawl of the same round: pages one fetched and the other not, and
 * the pages whose scripts change what Crawlee's handler reads — the links a script writes (the
 * chain link to the next page among them), the tracker a tag manager injects — read without it.
 */
function crawleeAgreement(result, browser, kind, pages, prefix) {
  // The product stores a page's URL normalised (no trailing slash on a path): compared so on both sides.
  const normal = (url) => url.replace(/\/$/, '');
  const browserUrls = new Set([...browser.pageSets.values()].flatMap((set) => [...set.keys()].map(normal)));
  const crawleeUrls = new Set(Object.keys(result.readings).map(normal));
  const onlyBrowser = [...browserUrls].filter((url) => !crawleeUrls.has(url));
  const onlyCrawlee = [...crawleeUrls].filter((url) => !browserUrls.has(url));
  const pageDifferences = onlyBrowser.length + onlyCrawlee.length;
  let scripted = 0;
  let missed = 0;
  for (const [url, reading] of Object.entries(result.readings)) {
    const path = new URL(url).pathname;
    const index = path === `${prefix}/` ? 0 : Number(/\/p\/(\d+)$/.exec(path)?.[1]);
    const template = scriptedTemplate(kind, index);
    if (template === 'links' && index + 1 < pages) {
      scripted++;
      if (!reading.links.includes(new URL(pagePath(prefix, index + 1), url).href)) missed++;
    } else if (template === 'tracker') {
      scripted++;
      if (!reading.scripts.some((src) => src.includes('fbevents.js'))) missed++;
    }
  }
  return { pageDifferences, onlyBrowser: onlyBrowser.slice(0, 2), onlyCrawlee: onlyCrawlee.slice(0, 2), scripted, missed };
}

function siteLines({ site, results, hosts, pages, adaptive }) {
  const measured = (name) => results[name].rounds.filter((r) => !r.warmup);
  const pick = (name, fn) => summarize(measured(name).map(fn));
  const label = `${site.label}, ${hosts} hosts × ${pages} pages`;
  const browser = summarize(results.browser.values);
  const crawlee = summarize(results.crawlee.values);
  const crawleeRendered = pick('crawlee', (r) => r.browserRuns);
  const crawleeAgreement = measured('crawlee').map((r) => r.agreement);
  const crawleeNote =
    `Crawlee: ${crawleeRendered.median.toFixed(0)} browser runs of the handler (median; detections and mispredictions included), ` +
    `pages unlike the browser crawl's ${crawleeAgreement.map((a) => a.pageDifferences).join('/')}, ` +
    `script-changed pages read without the change ${crawleeAgreement.map((a) => `${a.missed} of ${a.scripted}`).join('/')}` +
    (crawleeAgreement[0]?.pageDifferences
      ? ` (e.g. only the browser crawl: ${crawleeAgreement[0].onlyBrowser.join(', ') || 'none'}; only Crawlee: ${crawleeAgreement[0].onlyCrawlee.join(', ') || 'none'})`
      : '');
  if (!adaptive) {
    const vsBrowser = ratios(results.crawlee.values, results.browser.values);
    return [
      {
        row: 'B11',
        case: `${label}: Crawlee's adaptive crawler vs the browser method (this build has no adaptive method)`,
        unit: 'pages/s',
        ours: browser,
        peer: { name: 'Crawlee adaptive', summary: crawlee },
        ratio: { label: 'Crawlee÷browser', summary: vsBrowser },
        target: '–',
        met: null,
        note: crawleeNote,
      },
    ];
  }
  const ours = summarize(results.adaptive.values);
  const vsBrowser = ratios(results.adaptive.values, results.browser.values);
  const vsCrawlee = ratios(results.adaptive.values, results.crawlee.values);
  const agreement = measured('adaptive').map((r) => r.agreement);
  const differences = agreement.reduce((sum, a) => sum + a.outcomeDifferences.length + a.pageDifferences, 0);
  const examples = [...new Set(agreement.flatMap((a) => a.outcomeDifferences))].slice(0, 3);
  return [
    {
      row: 'B11',
      case: `${label}: adaptive vs the browser method`,
      unit: 'pages/s',
      ours,
      peer: { name: 'browser method', summary: browser },
      ratio: { label: 'adaptive÷browser', summary: vsBrowser },
      target: site.targets ? `≥ ${VS_BROWSER_TARGET}` : '–',
      met: site.targets ? vsBrowser.median >= VS_BROWSER_TARGET : null,
    },
    {
      row: 'B11',
      case: `${label}: adaptive vs Crawlee's AdaptivePlaywrightCrawler`,
      unit: 'pages/s',
      ours,
      peer: { name: 'Crawlee adaptive', summary: crawlee },
      ratio: { label: 'adaptive÷Crawlee', summary: vsCrawlee },
      target: site.targets ? `≥ ${VS_CRAWLEE_TARGET}` : '–',
      met: site.targets ? vsCrawlee.median >= VS_CRAWLEE_TARGET : null,
    },
    {
      row: 'B11',
      case: `${label}: pages opened in the browser`,
      unit: 'pages',
      ours: pick('adaptive', (r) => r.rendered),
      peer: { name: 'Crawlee adaptive (browser runs)', summary: crawleeRendered },
      target: '–',
      met: null,
      note: `of ${hosts * pages} pages; the browser method opens all of them`,
    },
    {
      row: 'B11',
      case: `${label}: check outcomes and pages unlike the browser crawl's (same round)`,
      unit: 'differences',
      ours: summarize(agreement.map((a) => a.outcomeDifferences.length + a.pageDifferences)),
      target: '0',
      met: differences === 0,
      note: `${agreement[0]?.outcomes ?? 0} outcomes compared per round; ${examples.length ? `e.g. ${examples.join('; ')}; ` : ''}${crawleeNote}`,
    },
  ];
}
