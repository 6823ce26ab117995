import { runCheck } from '../run-check';
import { MAX_BANNERS } from '../software';
import { crawlOf, HOME, pageOf } from '../testing/builders';
import { DETECTION_BY_EVIDENCE, vulnerableJsLibraries } from './vulnerable-js-libraries';

const JQUERY_BANNER =
  '/*! jQuery v1.12.4 | (c) jQuery Foundation | jquery.org/license */\n!function(a,b){"object"==typeof module';
const BOOTSTRAP_BANNER = '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n * Copyright 2011-2016 Twitter, Inc.\n */';
/** A minified bundle with no banner: whatever it contains, nothing says which library or version. */
const ANONYMOUS_BUNDLE =
  '!function(e){"use strict";var t=function(e){return new t.fn.init(e)};t.fn=t.prototype={init:function(){}};e.lib=t}(window);';

describe('vulnerable-js-libraries', () => {
  it('fails on jQuery 1.12.4 seen by its file name, naming the advisories, the fixed version and the end-of-life notice', () => {
    const page = pageOf({ document: { scripts: [`${HOME}assets/jquery-1.12.4.min.js`] } });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe(`1 JavaScript library with known vulnerabilities: jquery 1.12.4 (${DETECTION_BY_EVIDENCE})`);
    const [evidence] = result.evidence;
    expect(evidence!.url).toBe(HOME);
    expect(evidence!.detail).toMatch(/^jquery 1\.12\.4: \d+ advisories \(medium; .*CVE-2019-11358/);
    expect(evidence!.detail).toContain('CVE-2020-11022');
    expect(evidence!.detail).toContain('fixed in 3.5.0');
    expect(evidence!.detail).toContain('end-of-life');
    expect(evidence!.detail).toContain(`seen by script file name (${HOME}assets/jquery-1.12.4.min.js), on 1 page`);
  });

  it("reads the banners the http method read of a page's scripts, and lists one finding per library version and advisory", () => {
    const page = pageOf({
      document: {
        scripts: [`${HOME}static/vendor.js`, `${HOME}static/app.js`],
        scriptBanners: [
          { url: `${HOME}static/vendor.js`, banner: BOOTSTRAP_BANNER },
          { url: `${HOME}static/app.js`, banner: ANONYMOUS_BUNDLE },
        ],
      },
    });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'http', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toMatch(/^1 JavaScript library with known vulnerabilities: bootstrap 3\.3\.7 /);
    expect(result.evidence[0]!.detail).toContain(`seen by version banner at the start of the script (${HOME}static/vendor.js)`);
    // What the comparison between crawls reads below the outcome: a new version or advisory is a new label.
    expect(result.findings).toEqual(
      expect.arrayContaining(['bootstrap 3.3.7: CVE-2019-8331', 'bootstrap 3.3.7: CVE-2018-14042']),
    );
    expect(result.findings!.every((label) => label.startsWith('bootstrap 3.3.7: '))).toBe(true);
  });

  it('matches at most MAX_BANNERS banners a crawl, in crawl order (issue 37 row 1)', () => {
    const anonymous = Array.from({ length: MAX_BANNERS }, (_, i) => ({
      url: `${HOME}static/bundle-${i}.js`,
      banner: ANONYMOUS_BUNDLE,
    }));
    const pageWith = (banners: { url: string; banner: string }[]) =>
      pageOf({ document: { scripts: banners.map((b) => b.url), scriptBanners: banners } });
    // The banner past the cap is not read; the same one within it is.
    const past = runCheck(
      vulnerableJsLibraries,
      crawlOf({
        method: 'http',
        pages: [pageWith([...anonymous, { url: `${HOME}static/vendor.js`, banner: BOOTSTRAP_BANNER }])],
      }),
    );
    expect(past.outcome).toBe('pass');
    const within = runCheck(
      vulnerableJsLibraries,
      crawlOf({
        method: 'http',
        pages: [pageWith([{ url: `${HOME}static/vendor.js`, banner: BOOTSTRAP_BANNER }, ...anonymous])],
      }),
    );
    expect(within.outcome).toBe('fail');
  });

  it('reads version banners of the scripts the browser loaded, and CDN URLs with the version in the path', () => {
    const home = pageOf({
      browser: {
        requests: [{ url: `${HOME}js/bootstrap.min.js`, resourceType: 'script' }],
        scripts: [{ url: `${HOME}js/bootstrap.min.js`, banner: BOOTSTRAP_BANNER }],
      },
    });
    // A later page loads the same script: its banner was kept once, the page still counts.
    const other = pageOf({
      url: `${HOME}about`,
      browser: { requests: [{ url: `${HOME}js/bootstrap.min.js`, resourceType: 'script' }] },
      document: { scripts: ['https://maxcdn.bootstrapcdn.com/bootstrap/3.3.7/js/bootstrap.min.js'] },
    });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [home, other] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence).toHaveLength(1);
    expect(result.evidence[0]!.detail).toMatch(/^bootstrap 3\.3\.7: .*CVE-2018-14040/);
    expect(result.evidence[0]!.detail).toContain('seen by version banner at the start of the script, script URL');
    expect(result.evidence[0]!.detail).toContain('on 2 pages');
  });

  it('finds jQuery under a file name that says nothing, by the banner at the start of the script', () => {
    const page = pageOf({ browser: { scripts: [{ url: `${HOME}static/lib.js`, banner: JQUERY_BANNER }] } });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0]!.detail).toMatch(
      /^jquery 1\.12\.4: .* — seen by version banner at the start of the script \(https:\/\/www\.vendor\.test\/static\/lib\.js\)/,
    );
  });

  it("finds a library only its global shows, by the browser's reading of the rendered page", () => {
    const page = pageOf({
      browser: {
        scripts: [{ url: `${HOME}assets/app.bundle.js`, banner: ANONYMOUS_BUNDLE }],
        libraries: [{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }],
      },
    });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0]!.detail).toMatch(
      /^handlebars 4\.0\.5: .* — seen by the library's own global in the rendered page \(Handlebars\)/,
    );
  });

  it('does not flag a minified bundle without a banner, and says detection is by evidence seen', () => {
    const page = pageOf({
      document: { scripts: [`${HOME}assets/vendor.min.js`] },
      browser: { scripts: [{ url: `${HOME}assets/vendor.min.js`, banner: ANONYMOUS_BUNDLE }] },
    });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe(`No known vulnerability in the 0 JavaScript libraries detected (${DETECTION_BY_EVIDENCE})`);
  });

  it('passes a current library and warns when only an end-of-life notice or low advisories apply', () => {
    const current = pageOf({ document: { scripts: [`${HOME}jquery-3.7.1.min.js`] } });
    expect(runCheck(vulnerableJsLibraries, crawlOf({ pages: [current] })).summary).toMatch(
      /^No known vulnerability in the 1 JavaScript library detected: jquery 3\.7\.1/,
    );
    // Past the last fix of the 3.x line the data knows, only its end-of-life notice applies.
    const page = pageOf({ browser: { libraries: [{ name: 'Bootstrap', version: '3.4.2', npm: 'bootstrap' }] } });
    const result = runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('warn');
    expect(result.summary).toMatch(/^Only low-severity advisories or end-of-life notices: bootstrap 3\.4\.2/);
  });

  it('ignores versions that are not versions, and is not applicable without HTML pages', () => {
    const page = pageOf({ browser: { libraries: [{ name: 'jQuery', version: '<img src=x>', npm: 'jquery' }] } });
    expect(runCheck(vulnerableJsLibraries, crawlOf({ method: 'puppeteer', pages: [page] })).outcome).toBe('pass');
    expect(runCheck(vulnerableJsLibraries, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
