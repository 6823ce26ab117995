import type { CrawlMethod, PageReadBy } from '@vendorwatch/contracts';
import type { DomainPostureFacts } from './posture/domain-facts';

export * from './posture/domain-facts';

/**
 * What a check reads: one completed crawl as it is stored, with nothing fetched again. The worker
 * collects these facts while it crawls; a check is a pure function of them, so re-assessing the same
 * crawl always gives the same result.
 */
export interface AssessedCrawl {
  jobId: string;
  vendorId: string | null;
  method: CrawlMethod;
  /** The crawl's first start URL (canonical). */
  startUrl: string;
  /** Facts read once per crawl about the start URL's host. */
  site: SiteFacts;
  /** Every page the crawl stored, answered or not, in crawl order. */
  pages: AssessedPage[];
  /**
   * The vendor's email, DNS and TLS posture, read by the worker after the crawl completed; null when
   * it was not read (a crawl stored before these facts were gathered, or gathering failed): the
   * "Email & domain" and "TLS" checks are then "could not be checked".
   */
  domainPosture: DomainPostureFacts | null;
  /**
   * How the crawl ended: a failed crawl (its site refused it: a refused certificate, no answer) is
   * judged only by the checks that read no page — its email and domain and its TLS — from the facts
   * read about it. Absent means completed.
   */
  ended?: 'completed' | 'failed';
}

/**
 * The start host's certificate is not among these: it is read once per crawl, by the posture's TLS
 * probe of every HTTPS origin (`domainPosture.origins`). Crawls stored before carry a `tls` key here,
 * which nothing reads any more.
 */
export interface SiteFacts {
  /**
   * `http://{start host}/` requested without following redirects to their end by the browser: where it led.
   * Null when it could not be requested (the crawl was cancelled before, or the method could not).
   */
  httpEntry: HttpEntryFacts | null;
  /** `/.well-known/security.txt` of the start origin (RFC 9116); null when it was not requested. */
  securityTxt: SecurityTxtFacts | null;
}

export interface HttpEntryFacts {
  requestedUrl: string;
  /** Each hop: the URL requested and the status it answered with. */
  hops: { url: string; statusCode: number; location: string | null }[];
  /** Where the redirects ended; null on a network error. */
  finalUrl: string | null;
  error: string | null;
}

export interface SecurityTxtFacts {
  url: string;
  statusCode: number | null;
  contentType: string | null;
  /** The body when it was a 2xx answer, at most 32 KB. */
  body: string | null;
  error: string | null;
  /** When it was read (ISO); `Expires:` is compared against this. */
  checkedAt: string;
}

export interface AssessedPage {
  /** The stored page's id, for evidence links to the page and its screenshot. */
  id: string;
  /** The canonical URL the crawl requested. */
  url: string;
  finalUrl: string | null;
  /** null when no answer came (network error, refused by the SSRF guard, retries exhausted). */
  statusCode: number | null;
  contentType: string | null;
  error: string | null;
  title: string | null;
  description: string | null;
  /**
   * The final response's headers, names lower-cased, repeated headers joined with ", " — except
   * Set-Cookie, which is in `setCookies`. For the api method these are the target's headers that the
   * scraping API passed on (its `Spb-` prefix removed).
   */
  headers: Record<string, string>;
  /** Raw Set-Cookie values of the final response, one per cookie. */
  setCookies: string[];
  /** URLs that answered with a redirect, in order, starting with the requested one. */
  redirectChain: string[];
  /** Outgoing `<a>`/`<area>` links, absolute and canonical, de-duplicated, in document order. */
  links: string[];
  hasScreenshot: boolean;
  /** HTML facts; null when the page is not HTML or had no answer. */
  document: DocumentFacts | null;
  /** What only a real browser sees; null for the http and api methods. */
  browser: BrowserFacts | null;
}

export interface DocumentFacts {
  /** `<html lang>`, as written; null when absent or empty. */
  lang: string | null;
  imagesTotal: number;
  imagesWithoutAlt: number;
  /** `src` of the first images without an alt attribute (at most 20). */
  imagesWithoutAltSources: string[];
  /** Subresource URLs loaded over http: from an https page (src/href as written, at most 50). */
  mixedContent: string[];
  /** Links whose href or text names each kind of page (absolute URLs, at most 10 each). */
  policyLinks: { privacy: string[]; terms: string[]; imprint: string[]; contact: string[]; cookies: string[] };
  /** The element or wording that gave a cookie banner away; null when none was seen in the HTML. */
  consentMarker: string | null;
  /** Absolute URLs of the scripts, iframes, stylesheets and images the HTML references (at most 300). */
  subresources: string[];
  /** Contact details in the page's text (at most 10 each). */
  emails: string[];
  phones: string[];
  /**
   * Absolute URLs of `<script src>` (at most 100) and `<link rel=stylesheet href>` (at most 50): the file
   * names and URLs libraries and technologies are recognised by. Absent on pages stored before they were kept.
   */
  scripts?: string[];
  stylesheets?: string[];
  /**
   * `<meta>` tags with a name or property (`generator`, `application-name` …), lower-cased name and the
   * content as written (at most 30, content at most 300 characters). Absent on pages stored before.
   */
  meta?: { name: string; content: string }[];
  /**
   * The first bytes (at most 1 024 characters) of the page's `<script src>`s, read by the http method with
   * a small ranged request each, where a library's version banner sits: as the browser's `scripts`, each
   * script is kept on the first page of the crawl that loads it. Absent for other methods and before.
   */
  scriptBanners?: ScriptBanner[];
  /**
   * Policies the page delivers in `<meta>` elements, which browsers apply like the response headers:
   * `<meta http-equiv="Content-Security-Policy" content>` (each element one policy, in document order)
   * and the last `<meta name="referrer" content>`. Absent when the page has none (and on pages stored
   * before they were recorded).
   */
  metaPolicies?: MetaPolicies;
  /** How the adaptive method read the page (over HTTP, or in the browser and why); absent for other methods. */
  readBy?: PageReadBy;
}

export interface MetaPolicies {
  /** Each `<meta http-equiv="Content-Security-Policy">` element's content, in document order. */
  contentSecurityPolicy: string[];
  /** The last `<meta name="referrer">` element's content; null when there is none. */
  referrerPolicy: string | null;
}

export interface BrowserFacts {
  /** Every request the page made until it was read, before any consent was given (at most 500). */
  requests: { url: string; resourceType: string }[];
  /** The browser's cookies for the page after it loaded, before any interaction. */
  cookies: BrowserCookie[];
  /** The consent-management platform recognised in the rendered page, when one was. */
  consentPlatform: string | null;
  /** axe-core's results for the rendered page; null when axe did not run on this page. */
  axe: AxeFacts | null;
  /**
   * The first bytes (at most 1 024 characters) of each script the page loaded that answered 2xx, where a
   * library's version banner sits (`/*! jQuery v1.12.4`). A script is kept on the first page of the crawl
   * that loaded it; later pages name it in `requests`. At most 50 per page. Absent on pages stored before.
   */
  scripts?: ScriptBanner[];
  /**
   * Libraries whose own globals the rendered page exposes (`jQuery.fn.jquery` …), read by
   * js-library-detector's tests; the version as the global gives it. At most 50. Absent on pages stored before.
   */
  libraries?: PageLibrary[];
}

export interface ScriptBanner {
  url: string;
  banner: string;
}

export interface PageLibrary {
  /** The detector's name for it ("jQuery", "Handlebars"). */
  name: string;
  version: string | null;
  /** Its npm package, when the detector names one. */
  npm: string | null;
}

export interface BrowserCookie {
  name: string;
  domain: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None' | null;
  /** true for a session cookie (no expiry). */
  session: boolean;
  /** Expiry as seconds since the epoch; null for a session cookie. */
  expires: number | null;
}

export interface AxeFacts {
  /** axe-core's version, so a report says what judged the page. */
  version: string;
  violations: {
    id: string;
    impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
    help: string;
    helpUrl: string;
    /** How many elements violate the rule, and the CSS selectors of the first few (at most 5). */
    nodes: number;
    targets: string[];
  }[];
  /** How many rules passed. */
  passes: number;
}
