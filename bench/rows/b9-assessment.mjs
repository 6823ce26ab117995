import { requireFrom } from '../lib/paths.mjs';
import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { prng } from '../site/generator.mjs';

const PAGES = 1000;
/** Assessments per contender per round; the round's figure is their median. */
const REPEATS = 5;

// The built package, as the worker and backend load it (`npm run bench` compiles it first).
const compliance = requireFrom('packages/compliance', './dist/index.js');
const { analyseCsp } = requireFrom('packages/compliance', './dist/parsing/csp.js');
const { judgeHsts } = requireFrom('packages/compliance', './dist/checks/hsts.js');
const { judgeReferrerPolicy } = requireFrom('packages/compliance', './dist/checks/referrer-policy.js');
const { isBrokenStatus } = requireFrom('packages/compliance', './dist/checks/broken-internal-links.js');
const { isSessionLike, isCsrfLike, isStrictlyNecessary } = requireFrom('packages/compliance', './dist/parsing/cookies.js');
const { TRACKER_CATEGORIES } = compliance;
const tldts = requireFrom('packages/compliance', 'tldts');
const { getEntity } = requireFrom('packages/compliance', 'third-party-web/nostats-subset');
const { parseString } = requireFrom('packages/compliance', 'set-cookie-parser');

const THIRD_PARTIES = [
  'https://www.googletagmanager.com/gtm.js?id=GTM-X',
  'https://www.google-analytics.com/g/collect?v=2',
  'https://connect.facebook.net/en_US/fbevents.js',
  'https://snap.licdn.com/li.lms-analytics/insight.min.js',
  'https://static.hotjar.com/c/hotjar-1.js',
  'https://js.hs-scripts.com/1.js',
  'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js',
  'https://fonts.googleapis.com/css2?family=Inter',
  'https://fonts.gstatic.com/s/inter/v12/a.woff2',
  'https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.js',
  'https://www.youtube.com/embed/abc',
  'https://widget.intercom.io/widget/x',
  'https://bat.bing.com/bat.js',
  'https://www.googleadservices.com/pagead/conversion.js',
  'https://cdn.segment.com/analytics.js/v1/x/analytics.min.js',
  'https://unknown-widget.example/w.js',
  'https://assets.partner-cdn.example/lib.js',
];
const CSPS = [
  "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'; frame-ancestors 'self'; upgrade-insecure-requests",
  "default-src 'self' https://cdn.vendor.example; script-src 'self' 'unsafe-inline' https://www.googletagmanager.com; img-src * data:",
  "script-src 'self' 'unsafe-eval'; object-src 'none'; style-src 'self' 'unsafe-inline'",
];
const AXE_RULES = [
  ['color-contrast', 'serious'],
  ['image-alt', 'critical'],
  ['link-name', 'serious'],
  ['region', 'moderate'],
  ['heading-order', 'moderate'],
  ['landmark-one-main', 'moderate'],
];

/**
 * A realistic stored crawl of one vendor: 1 000 pages (about 3 % 404, 1 % 500, 1 % PDFs), 20–50
 * internal links each, the security headers most sites send (three CSP variants, some missing),
 * session and analytics cookies, 20–40 subresources from a pool of real tracker, CDN and unknown
 * hosts, and — for the browser method — 40–80 requests, a cookie jar and a few axe violations.
 */
export function generateCrawl({ pages = PAGES, method = 'puppeteer', seed = 9 } = {}) {
  const rnd = prng(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const origin = 'https://www.vendor.example';
  const urlOf = (i) => (i === 0 ? `${origin}/` : `${origin}/section-${i % 17}/page-${i}`);
  const list = [];
  for (let i = 0; i < pages; i++) {
    const roll = rnd();
    const statusCode = i === 0 ? 200 : roll < 0.03 ? 404 : roll < 0.04 ? 500 : 200;
    const pdf = statusCode === 200 && roll > 0.99;
    const html = statusCode === 200 && !pdf;
    const links = Array.from({ length: 20 + Math.floor(rnd() * 30) }, () => urlOf(Math.floor(rnd() * pages)));
    const subresources = [
      `${origin}/assets/app.js`,
      `https://cdn.vendor.example/css/site.css`,
      ...Array.from({ length: 18 + Math.floor(rnd() * 20) }, () =>
        rnd() < 0.6 ? pick(THIRD_PARTIES) : `${origin}/img/${Math.floor(rnd() * 500)}.jpg`,
      ),
    ];
    const headers = {
      'strict-transport-security': rnd() < 0.9 ? 'max-age=31536000; includeSubDomains' : 'max-age=3600',
      'x-content-type-options': 'nosniff',
      'referrer-policy': rnd() < 0.8 ? 'strict-origin-when-cross-origin' : 'unsafe-url',
      server: rnd() < 0.5 ? 'nginx' : 'nginx/1.24.0',
      ...(rnd() < 0.85 ? { 'content-security-policy': pick(CSPS) } : {}),
      ...(rnd() < 0.5 ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
      ...(rnd() < 0.3 ? { 'permissions-policy': 'camera=(), microphone=()' } : {}),
    };
    list.push({
      id: `page-${i}`,
      url: urlOf(i),
      finalUrl: urlOf(i),
      statusCode,
      contentType: pdf ? 'application/pdf' : 'text/html; charset=utf-8',
      error: null,
      title: html ? (rnd() < 0.05 ? 'Vendor' : `Page ${i} — Vendor`) : null,
      description: html && rnd() < 0.8 ? `About page ${i}` : null,
      headers,
      setCookies: html
        ? [
            'sessionid=abc123; Path=/; Secure; HttpOnly; SameSite=Lax',
            `_ga=GA1.2.${i}; Path=/; Max-Age=63072000`,
            ...(rnd() < 0.2 ? ['csrftoken=x; Path=/'] : []),
          ]
        : [],
      redirectChain: [],
      links,
      hasScreenshot: false,
      document: html
        ? {
            lang: rnd() < 0.95 ? 'en' : null,
            imagesTotal: 8,
            imagesWithoutAlt: rnd() < 0.2 ? 2 : 0,
            imagesWithoutAltSources: ['/img/a.jpg', '/img/b.jpg'],
            mixedContent: rnd() < 0.02 ? ['http://legacy.vendor.example/banner.png'] : [],
            policyLinks: {
              privacy: [`${origin}/privacy`],
              terms: rnd() < 0.9 ? [`${origin}/terms`] : [],
              imprint: [`${origin}/imprint`],
              contact: [`${origin}/contact`],
              cookies: [],
            },
            consentMarker: null,
            subresources,
            emails: ['info@vendor.example'],
            phones: [],
          }
        : null,
      browser:
        html && method === 'puppeteer'
          ? {
              requests: [...subresources, ...Array.from({ length: 20 + Math.floor(rnd() * 20) }, () => pick(THIRD_PARTIES))].map(
                (url) => ({
                  url,
                  resourceType: 'script',
                }),
              ),
              cookies: [
                {
                  name: 'sessionid',
                  domain: 'www.vendor.example',
                  path: '/',
                  secure: true,
                  httpOnly: true,
                  sameSite: 'Lax',
                  session: true,
                  expires: null,
                },
                {
                  name: '_ga',
                  domain: '.vendor.example',
                  path: '/',
                  secure: false,
                  httpOnly: false,
                  sameSite: null,
                  session: false,
                  expires: 1e10,
                },
                {
                  name: 'IDE',
                  domain: '.doubleclick.net',
                  path: '/',
                  secure: true,
                  httpOnly: true,
                  sameSite: 'None',
                  session: false,
                  expires: 1e10,
                },
              ],
              consentPlatform: rnd() < 0.5 ? 'OneTrust' : null,
              axe: {
                version: '4.11.0',
                passes: 40,
                violations: Array.from({ length: Math.floor(rnd() * 5) }, () => {
                  const [id, impact] = pick(AXE_RULES);
                  return {
                    id,
                    impact,
                    help: `Rule ${id}`,
                    helpUrl: `https://dequeuniversity.com/rules/axe/4.11/${id}`,
                    nodes: 2,
                    targets: ['main > p'],
                  };
                }),
              },
            }
          : null,
    });
  }
  const checkedAt = '2026-06-01T00:00:00.000Z';
  return {
    jobId: 'bench',
    vendorId: 'bench',
    method,
    startUrl: `${origin}/`,
    pages: list,
    site: {
      httpEntry: {
        requestedUrl: 'http://www.vendor.example/',
        hops: [
          { url: 'http://www.vendor.example/', statusCode: 301, location: `${origin}/` },
          { url: `${origin}/`, statusCode: 200, location: null },
        ],
        finalUrl: `${origin}/`,
        error: null,
      },
      securityTxt: {
        url: `${origin}/.well-known/security.txt`,
        statusCode: 200,
        contentType: 'text/plain',
        body: 'Contact: mailto:security@vendor.example\nExpires: 2026-12-01T00:00:00.000Z\n',
        error: null,
        checkedAt,
      },
    },
  };
}

/**
 * The naive way to run the page-heavy checks, for comparison: no index and no memo — every check
 * re-filters the pages, re-parses each CSP and Set-Cookie it reads, parses every request URL and
 * classifies its host anew, finds a link's target by scanning the pages, and compares titles
 * pairwise. Its per-item decisions are the product's own (same parsers and rules), so the outcomes
 * agree; only the way of getting at the data differs. The cheap site-level checks (TLS, redirects,
 * security.txt) are not repeated: they cost the same either way.
 */
export function naiveAssess(crawl) {
  const outcomes = {};
  const htmlPages = () =>
    crawl.pages.filter((p) => p.statusCode >= 200 && p.statusCode < 300 && (p.document || /html/i.test(p.contentType ?? '')));
  const isHttps = (page) => new URL(page.finalUrl ?? page.url).protocol === 'https:';
  const siteOfUrl = (url) => {
    const host = new URL(url).hostname;
    return tldts.getDomain(host, { allowPrivateDomains: true }) ?? host;
  };
  const firstParty = (url) => siteOfUrl(url) === siteOfUrl(crawl.startUrl);
  const worst = (list) =>
    list.includes('fail') ? 'fail' : list.includes('warn') ? 'warn' : list.length ? 'pass' : 'not_applicable';

  const cspFinding = (page) => analyseCsp(page.headers, isHttps(page));
  outcomes['content-security-policy'] = worst(
    htmlPages().map((p) => {
      const f = cspFinding(p).finding;
      return ['unsafe-eval', 'insecure-scheme-passive'].includes(f)
        ? 'warn'
        : ['unsafe-inline-style-only', 'default-src-none', 'no-unsafe'].includes(f)
          ? 'pass'
          : 'fail';
    }),
  );
  outcomes['frame-protection'] = worst(
    htmlPages().map((p) =>
      cspFinding(p).frameAncestorsProtect || /^(deny|sameorigin)$/i.test(p.headers['x-frame-options'] ?? '') ? 'pass' : 'fail',
    ),
  );
  outcomes['mixed-content'] = worst(
    htmlPages()
      .filter(isHttps)
      .map((p) =>
        (p.browser?.requests ?? []).some((r) => new URL(r.url).protocol === 'http:')
          ? 'fail'
          : (p.document?.mixedContent.length ?? 0) === 0
            ? 'pass'
            : cspFinding(p).upgradeInsecureRequests
              ? 'warn'
              : 'fail',
      ),
  );
  outcomes.hsts = worst(
    htmlPages()
      .filter(isHttps)
      .map((p) => judgeHsts(p.headers['strict-transport-security']).outcome),
  );
  outcomes['x-content-type-options'] = worst(
    htmlPages().map((p) => (p.headers['x-content-type-options']?.trim().toLowerCase() === 'nosniff' ? 'pass' : 'fail')),
  );
  outcomes['referrer-policy'] = worst(htmlPages().map((p) => judgeReferrerPolicy(p.headers['referrer-policy']).outcome));

  const cookies = () =>
    htmlPages().flatMap((p) => [
      ...p.setCookies.map((raw) => {
        const c = parseString(raw, { decodeValues: false });
        return { name: c.name, secure: !!c.secure, httpOnly: !!c.httpOnly, sameSite: c.sameSite ?? null, https: isHttps(p) };
      }),
      ...(p.browser?.cookies ?? [])
        .filter((c) => firstParty(`https://${c.domain.replace(/^\./, '')}/`))
        .map((c) => ({ ...c, https: isHttps(p) })),
    ]);
  outcomes['cookie-secure'] = worst(
    cookies()
      .filter((c) => c.https)
      .map((c) => (c.secure ? 'pass' : 'fail')),
  );
  outcomes['cookie-httponly'] = worst(
    cookies()
      .filter((c) => isSessionLike(c.name))
      .map((c) => (c.httpOnly ? 'pass' : 'fail')),
  );
  outcomes['cookie-samesite'] = worst(
    cookies().map((c) => {
      const s = c.sameSite?.toLowerCase();
      if (s === undefined) return isCsrfLike(c.name) ? 'fail' : 'pass'; // as MDN HTTP Observatory: the browser's Lax default
      return !['lax', 'strict', 'none'].includes(s) || (s === 'none' && !c.secure) ? 'fail' : 'pass';
    }),
  );

  const contacted = () =>
    htmlPages().flatMap((p) =>
      (p.browser ? p.browser.requests.map((r) => r.url) : (p.document?.subresources ?? [])).filter((url) => !firstParty(url)),
    );
  const hosts = new Set(contacted().map((url) => new URL(url).hostname));
  outcomes['third-party-hosts'] = hosts.size > 20 ? 'warn' : 'pass';
  const trackers = contacted().filter((url) => TRACKER_CATEGORIES.has(getEntity(url)?.category));
  const nonEssential = cookies().filter((c) => !isStrictlyNecessary(c.name));
  const consent =
    htmlPages().some((p) => p.browser?.consentPlatform || p.document?.consentMarker) ||
    contacted().some((url) => getEntity(url)?.category === 'consent-provider');
  outcomes['cookie-consent'] = trackers.length || nonEssential.length ? (consent ? 'pass' : 'fail') : 'not_applicable';
  outcomes['trackers-before-consent'] =
    crawl.method !== 'puppeteer'
      ? 'not_applicable'
      : htmlPages().some((p) =>
            (p.browser?.requests ?? []).some((r) => !firstParty(r.url) && TRACKER_CATEGORIES.has(getEntity(r.url)?.category)),
          )
        ? 'fail'
        : 'pass';

  let broken = 0;
  for (const page of crawl.pages)
    for (const link of page.links) {
      const target = crawl.pages.find((p) => p.url === link);
      if (target && target !== page && target.statusCode !== null && isBrokenStatus(target.statusCode)) broken++;
    }
  const orphanBroken = crawl.pages.some((p) => p.statusCode !== null && isBrokenStatus(p.statusCode));
  outcomes['broken-internal-links'] = broken || orphanBroken ? 'fail' : 'pass';

  const titled = htmlPages().filter((p) => p.title?.trim());
  let duplicates = 0;
  for (let i = 0; i < titled.length; i++)
    for (let j = i + 1; j < titled.length; j++)
      if (titled[i].title.trim().replace(/\s+/g, ' ').toLowerCase() === titled[j].title.trim().replace(/\s+/g, ' ').toLowerCase())
        duplicates++;
  outcomes['duplicate-titles'] = titled.length < 2 ? 'not_applicable' : duplicates ? 'warn' : 'pass';

  const home = crawl.pages.find((p) => p.url === crawl.startUrl);
  for (const [id, kind] of [
    ['privacy-policy-linked', 'privacy'],
    ['terms-linked', 'terms'],
  ])
    outcomes[id] = home?.document?.policyLinks[kind].length
      ? 'pass'
      : htmlPages().some((p) => p.document?.policyLinks[kind].length)
        ? 'warn'
        : 'fail';
  outcomes['page-titles'] = worst(htmlPages().map((p) => (p.title?.trim() ? 'pass' : 'fail')));
  outcomes['meta-descriptions'] = worst(htmlPages().map((p) => (p.description?.trim() ? 'pass' : 'fail')));
  outcomes['image-alt'] = worst(
    htmlPages()
      .filter((p) => p.document?.imagesTotal)
      .map((p) => (p.document.imagesWithoutAlt ? 'fail' : 'pass')),
  );
  return outcomes;
}

function timeMedian(run, make, repeats) {
  const samples = [];
  for (let i = 0; i < repeats; i++) {
    // A fresh copy each time: the product keeps its index per crawl object, and a real assessment reads a crawl once.
    const crawl = make();
    const started = performance.now();
    run(crawl);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * B9 — assessing a stored crawl against the compliance catalogue, per 1 000 pages: the product's
 * `assess()` (one index per crawl, memoised parsing and host classification) against the naive way
 * of running the page-heavy checks, in the same process, alternating. Per round, each contender
 * assesses 5 fresh copies of the crawl and the round's figure is the median.
 */
export default {
  id: 'B9',
  async run(ctx) {
    const cases = [
      { method: 'puppeteer', label: 'browser method (requests, cookie jar, axe)' },
      { method: 'http', label: 'http method (HTML facts only)' },
    ];
    const lines = [];
    const raw = {};
    const pages = ctx.size({ full: PAGES, quick: PAGES, smoke: 50 });
    const repeats = ctx.size({ full: REPEATS, quick: REPEATS, smoke: 1 });
    for (const { method, label } of cases) {
      const json = JSON.stringify(generateCrawl({ method, pages }));
      const make = () => JSON.parse(json);
      const sample = make();
      const requests = sample.pages.reduce(
        (sum, page) => sum + (page.browser?.requests.length ?? page.document?.subresources.length ?? 0),
        0,
      );
      const links = sample.pages.reduce((sum, page) => sum + page.links.length, 0);

      // The baseline must decide what the product decides, or the comparison means nothing.
      const ours = compliance.assess(make());
      const naive = naiveAssess(make());
      const disagreements = Object.entries(naive).filter(
        ([id, outcome]) => ours.checks.find((c) => c.checkId === id)?.outcome !== outcome,
      );
      if (disagreements.length) throw new Error(`naive baseline disagrees with assess(): ${JSON.stringify(disagreements)}`);

      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B9 ${method} ${m} ms`),
        contenders: [
          { name: 'ours', run: () => timeMedian((crawl) => compliance.assess(crawl), make, repeats) },
          { name: 'naive', run: () => timeMedian(naiveAssess, make, repeats) },
        ],
      });
      const oursSummary = summarize(results.ours.values);
      lines.push({
        row: 'B9',
        case: `assess ${pages} pages, ${label}: ${compliance.CATALOGUE.length} checks, ${links} links, ${requests} subresource URLs`,
        unit: 'ms',
        ours: oursSummary,
        peer: { name: `naive (${Object.keys(naive).length} page-heavy checks only)`, summary: summarize(results.naive.values) },
        ratio: { label: 'ours÷naive', summary: ratios(results.ours.values, results.naive.values) },
        target: '< 250 ms',
        met: oursSummary.median < 250,
        note: `rate ${ours.rate} (${ours.label}), ${ours.counts.fail} failed checks`,
      });
      raw[method] = results;
    }
    return { lines, raw };
  },
};
