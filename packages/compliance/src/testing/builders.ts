import type { CrawlMethod } from '@vendorwatch/contracts';
import { domainPostureOf } from './domain-builders';
import { CHECKED_AT, daysAfter } from './fixture-time';
import type {
  AssessedCrawl,
  AssessedPage,
  AxeFacts,
  BrowserCookie,
  BrowserFacts,
  DocumentFacts,
  HttpEntryFacts,
  SecurityTxtFacts,
  SiteFacts,
} from '../input';

/**
 * Fixture crawls for check tests: every builder fills in a plausible, unremarkable value for what a
 * test does not state, so each test names only the facts its check decides on.
 */

export const HOME = 'https://www.vendor.test/';
export { CHECKED_AT, daysAfter };

export function documentOf(facts: Partial<DocumentFacts> = {}): DocumentFacts {
  return {
    lang: 'en',
    imagesTotal: 0,
    imagesWithoutAlt: 0,
    imagesWithoutAltSources: [],
    mixedContent: [],
    policyLinks: { privacy: [], terms: [], imprint: [], contact: [], cookies: [] },
    consentMarker: null,
    subresources: [],
    emails: [],
    phones: [],
    ...facts,
  };
}

export function browserOf(facts: Partial<BrowserFacts> = {}): BrowserFacts {
  return { requests: [], cookies: [], consentPlatform: null, axe: null, ...facts };
}

export function cookieOf(cookie: Partial<BrowserCookie> & { name: string }): BrowserCookie {
  return {
    domain: 'www.vendor.test',
    path: '/',
    secure: true,
    httpOnly: false,
    sameSite: 'Lax',
    session: true,
    expires: null,
    ...cookie,
  };
}

export function axeOf(violations: Partial<AxeFacts['violations'][number]>[] = [], passes = 40): AxeFacts {
  return {
    version: '4.11.0',
    passes,
    violations: violations.map((violation, i) => ({
      id: `rule-${i}`,
      impact: 'serious',
      help: 'Elements must meet the rule',
      helpUrl: `https://dequeuniversity.com/rules/axe/4.11/rule-${i}`,
      nodes: 1,
      targets: ['body > main'],
      ...violation,
    })),
  };
}

type PageInput = Partial<Omit<AssessedPage, 'document' | 'browser'>> & {
  document?: Partial<DocumentFacts> | null;
  browser?: Partial<BrowserFacts> | null;
};

/** A 200 HTML page at `url` (default: the home page) with a title, a description and no security headers. */
export function pageOf({ document, browser, ...page }: PageInput = {}): AssessedPage {
  const url = page.url ?? HOME;
  const answered = page.statusCode !== null;
  return {
    id: `page:${url}`,
    url,
    finalUrl: answered ? url : null,
    statusCode: 200,
    contentType: 'text/html; charset=utf-8',
    error: null,
    title: `Title of ${url}`,
    description: `Description of ${url}`,
    headers: {},
    setCookies: [],
    redirectChain: [],
    links: [],
    hasScreenshot: false,
    ...page,
    document: document === null ? null : documentOf(document),
    browser: browser === undefined || browser === null ? null : browserOf(browser),
  };
}

/** `http://www.vendor.test/` answering 301 to the https home page. */
export function httpEntryOf(facts: Partial<HttpEntryFacts> = {}): HttpEntryFacts {
  return {
    requestedUrl: 'http://www.vendor.test/',
    hops: [
      { url: 'http://www.vendor.test/', statusCode: 301, location: HOME },
      { url: HOME, statusCode: 200, location: null },
    ],
    finalUrl: HOME,
    error: null,
    ...facts,
  };
}

export function securityTxtOf(facts: Partial<SecurityTxtFacts> = {}): SecurityTxtFacts {
  return {
    url: 'https://www.vendor.test/.well-known/security.txt',
    statusCode: 200,
    contentType: 'text/plain; charset=utf-8',
    body: `Contact: mailto:security@vendor.test\nExpires: ${daysAfter(CHECKED_AT, 180)}\n`,
    error: null,
    checkedAt: CHECKED_AT,
    ...facts,
  };
}

type CrawlInput = Partial<Omit<AssessedCrawl, 'site'>> & { site?: Partial<SiteFacts> };

/** A crawl of www.vendor.test by the http method: the home page alone, HTTP redirecting to HTTPS, no domain posture read (see domainPostureOf). */
export function crawlOf({ site, ...crawl }: CrawlInput = {}): AssessedCrawl {
  const method: CrawlMethod = crawl.method ?? 'http';
  return {
    jobId: 'job-1',
    vendorId: 'vendor-1',
    method,
    startUrl: HOME,
    pages: [pageOf()],
    domainPosture: null,
    ...crawl,
    site: { httpEntry: httpEntryOf(), securityTxt: securityTxtOf(), ...site },
  };
}

/** Headers a well-configured HTTPS page sends. */
export const SECURE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; object-src 'none'; frame-ancestors 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  server: 'nginx',
};

/** A page of a site that passes every check: secure headers and cookies, policy links, language, alt text, a clean axe run. */
export function compliantPageOf(path: string, links: string[] = []): AssessedPage {
  const url = new URL(path, HOME).href;
  return pageOf({
    url,
    title: `Vendor — ${path}`,
    headers: SECURE_HEADERS,
    setCookies: ['sessionid=abc; Path=/; Secure; HttpOnly; SameSite=Lax'],
    links,
    document: {
      imagesTotal: 2,
      policyLinks: {
        privacy: ['https://www.vendor.test/privacy'],
        terms: ['https://www.vendor.test/terms'],
        imprint: ['https://www.vendor.test/imprint'],
        contact: [],
        cookies: [],
      },
      subresources: ['https://cdn.vendor.test/app.js'],
    },
    browser: {
      requests: [{ url: 'https://cdn.vendor.test/app.js', resourceType: 'script' }],
      cookies: [cookieOf({ name: 'sessionid', httpOnly: true })],
      axe: axeOf(),
    },
  });
}

/** A browser crawl of a compliant site, whose domains and HTTPS origin are in order too: every applicable check passes. */
export function compliantCrawlOf(pages = 3): AssessedCrawl {
  const paths = Array.from({ length: pages }, (_, i) => (i === 0 ? '/' : `/page-${i}`));
  return crawlOf({
    method: 'puppeteer',
    pages: paths.map((path, i) => compliantPageOf(path, [new URL(paths[(i + 1) % paths.length], HOME).href])),
    domainPosture: domainPostureOf(),
  });
}
