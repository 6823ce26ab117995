import { HtmlExtractor } from './page-reading/html-extractor';
import { parseRetryAfter } from './politeness/retry-policy';
import { CrawlScopeRules } from './urls/scope';
import { parseSitemap } from './urls/sitemap';
import { UrlCanonicalizer } from './urls/canonical-url';

describe('crawl engine building blocks', () => {
  it('canonical keys: scheme and host lower-cased, default port, fragment and tracking parameters dropped, query sorted, slash twins one', () => {
    const canonical = new UrlCanonicalizer();
    expect(canonical.key('HTTP://Example.COM:80/a/../b?z=1&a=2#top')).toBe('http://example.com/b?a=2&z=1');
    expect(canonical.key('https://example.com:443/?')).toBe('https://example.com/');
    expect(canonical.key('https://example.com')).toBe('https://example.com/');
    expect(canonical.key('/about?utm_source=n&utm_medium=e&gclid=1&fbclid=2&mc_eid=3#team', 'http://example.com/x')).toBe(
      'http://example.com/about',
    );
    expect(canonical.key('https://example.com/products/widget-c/')).toBe(canonical.key('https://example.com/products/widget-c'));
    expect(canonical.key('https://www.example.com/')).not.toBe(canonical.key('https://example.com/'));
    expect(canonical.key('mailto:a@b.c')).toBeNull();
    expect(canonical.key('javascript:void(0)', 'http://example.com/')).toBeNull();
  });

  it('the fetched form keeps the path and parameter order as linked, without tracking parameters or fragment', () => {
    const canonical = new UrlCanonicalizer();
    expect(canonical.forms('https://example.com/a/?b=2&a=1&utm_campaign=x#f')).toEqual({
      key: 'https://example.com/a?a=1&b=2',
      fetch: 'https://example.com/a/?b=2&a=1',
    });
  });

  it('keeps tracking-looking parameters a site needs, when the vendor lists them', () => {
    const canonical = new UrlCanonicalizer(['utm_content']);
    expect(canonical.key('https://example.com/?utm_content=a&utm_source=b')).toBe('https://example.com/?utm_content=a');
  });

  it('scope: start hosts and allowed domains (with subdomains); excludes by path glob, basename or full URL', () => {
    const scope = new CrawlScopeRules(
      ['https://vendor.example/'],
      ['partner.example'],
      ['/private/**', '*.pdf', 'https://vendor.example/tmp/*'],
    );
    expect(scope.check('http://vendor.example/about').inScope).toBe(true);
    expect(scope.check('https://docs.partner.example/x').inScope).toBe(true);
    expect(scope.check('https://other.example/').inScope).toBe(false);
    expect(scope.check('https://vendor.example/private/a/b').inScope).toBe(false);
    expect(scope.check('https://vendor.example/files/report.pdf').inScope).toBe(false);
    expect(scope.check('https://vendor.example/tmp/x').inScope).toBe(false);
    expect(scope.check('https://vendor.example/tmp/x/y').inScope).toBe(true);
  });

  it('extracts title, description, links and compliance signals while streaming', () => {
    const extractor = new HtmlExtractor('https://vendor.example/page');
    const html = `<html lang="en"><head><title> Hello
      World </title><meta name="description" content="About us"><base href="https://vendor.example/base/"></head>
      <body><svg><title>icon</title></svg><a href="rel">Rel</a><a href="/privacy-policy">Privacy</a><a href="/legal">Terms &amp; conditions</a>
      <a href="/impressum">Impressum</a> <a href="mailto:Legal@Vendor.example?subject=hi">Write to us</a> Call +49 30 1234567.
      <img src="http://cdn.example/a.png"><img src="/b.png" alt=""><script src="http://cdn.example/x.js"></script>
      <div class="cc-window">This site uses cookies. <button>Accept</button></div></body></html>`;
    for (let i = 0; i < html.length; i += 7) extractor.write(html.slice(i, i + 7));
    const doc = extractor.end();
    expect(doc.title).toBe('Hello World');
    expect(doc.description).toBe('About us');
    expect(doc.links).toEqual([
      'https://vendor.example/base/rel',
      'https://vendor.example/privacy-policy',
      'https://vendor.example/legal',
      'https://vendor.example/impressum',
    ]);
    expect(doc.facts).toEqual({
      lang: 'en',
      imagesTotal: 2,
      imagesWithoutAlt: 1,
      imagesWithoutAltSources: ['http://cdn.example/a.png'],
      mixedContent: ['http://cdn.example/a.png', 'http://cdn.example/x.js'],
      policyLinks: {
        privacy: ['https://vendor.example/privacy-policy'],
        terms: ['https://vendor.example/legal'],
        imprint: ['https://vendor.example/impressum'],
        contact: [],
        cookies: [],
      },
      consentMarker: 'div[class="cc-window"]',
      subresources: ['http://cdn.example/a.png', 'https://vendor.example/b.png', 'http://cdn.example/x.js'],
      emails: ['legal@vendor.example'],
      phones: ['+49 30 1234567'],
      // What libraries and technologies are recognised by.
      scripts: ['http://cdn.example/x.js'],
      stylesheets: [],
      meta: [{ name: 'description', content: 'About us' }],
    });
  });

  it('reads sitemaps and sitemap indexes, and Retry-After in both forms', () => {
    expect(parseSitemap('<urlset><url><loc> https://a.example/x </loc></url></urlset>')).toEqual({
      locs: ['https://a.example/x'],
      nested: [],
    });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://a.example/s2.xml</loc></sitemap></sitemapindex>').nested).toEqual([
      'https://a.example/s2.xml',
    ]);
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
