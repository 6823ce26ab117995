import { explainCrawlFailure } from './crawl-failure';

describe('a failed crawl explained in plain words', () => {
  it.each([
    ['net::ERR_NAME_NOT_RESOLVED at https://nope.invalid/', 'The site could not be reached: host not found'],
    ['getaddrinfo ENOTFOUND nope.invalid', 'The site could not be reached: host not found'],
    ['connect ECONNREFUSED 127.0.0.1:9', 'The site could not be reached: connection refused'],
    ['net::ERR_TUNNEL_CONNECTION_FAILED at https://a.example/', 'The site could not be reached through the configured proxy'],
    ['Navigation timeout of 30000 ms exceeded', 'The site did not answer in time'],
    [
      'net::ERR_CERT_DATE_INVALID at https://a.example/',
      "The site's certificate was refused: it has expired (or is not valid yet)",
    ],
    ['Network error: certificate has expired', "The site's certificate was refused: it has expired (or is not valid yet)"],
    [
      'Network error: self-signed certificate',
      "The site's certificate was refused: it is self-signed: no certificate authority vouches for it",
    ],
    [
      "Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list",
      "The site's certificate was refused: it is issued for another name",
    ],
    [
      'Network error: unable to verify the first certificate',
      "The site's certificate was refused: it is from an unknown certificate authority (or the server leaves out its intermediate certificates)",
    ],
    ['net::ERR_SSL_PROTOCOL_ERROR at https://a.example/', "The site's TLS setup was refused"],
    // The http fetcher's codes.
    [
      'Network error: DEPTH_ZERO_SELF_SIGNED_CERT',
      "The site's certificate was refused: it is self-signed: no certificate authority vouches for it",
    ],
    ['Network error: ERR_TLS_CERT_ALTNAME_INVALID', "The site's certificate was refused: it is issued for another name"],
    [
      'Network error: CERT_SIGNATURE_FAILURE',
      "The site's certificate was refused: it is from an unknown certificate authority (or the server leaves out its intermediate certificates)",
    ],
    [
      'Refused by the SSRF guard: 10.0.0.1 is a private address',
      'The address is not allowed: it points to a private or reserved network',
    ],
    ['ScrapingBee credits exhausted (1000 of 1000 used)', 'The scraping API has no credits left'],
    ['No page could be fetched', 'No page of the site could be fetched'],
    // The http fetcher's own words.
    ['Host not found (EAI_NONAME)', 'The site could not be reached: host not found'],
    ['Network error: ECONNREFUSED', 'The site could not be reached: connection refused'],
    ['Timed out after 30 s', 'The site did not answer in time'],
    [
      'No valid http(s) start URL in "ftp://acme.example"',
      'The vendor has no valid start URL: check its URL or its crawler settings',
    ],
  ])('%s', (error, summary) => {
    expect(explainCrawlFailure(error)).toEqual({ summary, detail: error });
  });

  it('keeps an unknown message as the detail behind a generic summary', () => {
    expect(explainCrawlFailure('something odd')).toEqual({ summary: 'The crawl failed', detail: 'something odd' });
    expect(explainCrawlFailure(null)).toEqual({ summary: 'The crawl failed', detail: null });
    expect(explainCrawlFailure('  ')).toEqual({ summary: 'The crawl failed', detail: null });
  });
});
