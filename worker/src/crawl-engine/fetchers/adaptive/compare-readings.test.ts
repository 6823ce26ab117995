import type { BrowserFacts } from '@vendorwatch/compliance';
import { readBody } from '../../page-reading/page-body';
import type { FetchedPage } from '../fetcher';
import { compareReadings } from './compare-readings';

const URL = 'https://vendor.test/pricing';

function reading(html: string, extra: Partial<FetchedPage> = {}): FetchedPage {
  const { body, document } = readBody({
    bytes: Buffer.from(`<!doctype html><html><head><title>Pricing</title></head><body>${html}</body></html>`),
    truncated: false,
    contentType: 'text/html',
    pageUrl: URL,
    ignoreSelectors: [],
  });
  return {
    requestedUrl: URL,
    finalUrl: URL,
    statusCode: 200,
    headers: {},
    setCookies: [],
    contentType: 'text/html',
    redirectChain: [],
    responseTimeMs: 1,
    body,
    document,
    ...extra,
  };
}

const facts = (extra: Partial<BrowserFacts> = {}): BrowserFacts => ({
  requests: [{ url: URL, resourceType: 'document' }],
  cookies: [],
  consentPlatform: null,
  axe: null,
  ...extra,
});

const cookie = (name: string) => ({
  name,
  domain: 'vendor.test',
  path: '/',
  secure: false,
  httpOnly: false,
  sameSite: null,
  session: true,
  expires: null,
});

const SERVED = '<main><h1>Plans</h1><a href="/buy">Buy</a><script src="/app.js"></script></main>';
const scriptRequest = { url: 'https://vendor.test/app.js', resourceType: 'script' };

describe('comparing the browser’s reading of a page with the HTTP one', () => {
  it('agrees on a server-rendered page', () => {
    const http = reading(SERVED, { setCookies: ['session=1; HttpOnly'] });
    const browser = reading(SERVED, {
      setCookies: ['session=1; HttpOnly'],
      browser: facts({ requests: [{ url: URL, resourceType: 'document' }, scriptRequest], cookies: [cookie('session')] }),
    });
    expect(compareReadings(http, browser, new Set())).toEqual([]);
  });

  it('names what only the browser saw', () => {
    const http = reading(SERVED);
    const jar = new Set<string>();
    const browser = reading(`${SERVED}<a href="/hidden">Hidden</a><div id="cookie-banner">We use cookies</div>`, {
      browser: facts({
        requests: [scriptRequest, { url: 'https://connect.facebook.net/fbevents.js', resourceType: 'script' }],
        cookies: [cookie('_ga')],
        libraries: [{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }],
      }),
    });
    expect(compareReadings(http, browser, jar)).toEqual([
      'links',
      'scripts',
      'third-party requests',
      'cookies',
      'consent',
      'library globals',
      'main text',
    ]);
    // A cookie already in the browser's jar (set on an earlier page) is not new to the next page.
    expect(
      compareReadings(http, reading(SERVED, { browser: facts({ requests: [scriptRequest], cookies: [cookie('_ga')] }) }), jar),
    ).toEqual([]);
  });
});
