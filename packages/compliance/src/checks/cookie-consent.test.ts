import { runCheck } from '../run-check';
import { cookieOf, crawlOf, pageOf } from '../testing/builders';
import { cookieConsent } from './cookie-consent';

describe('cookie-consent', () => {
  it('passes when a consent platform is recognised on a site with analytics cookies', () => {
    const page = pageOf({
      browser: { consentPlatform: 'OneTrust', cookies: [cookieOf({ name: '_ga', domain: '.vendor.test' })] },
    });
    const result = runCheck(cookieConsent, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('Consent is asked for (Consent platform OneTrust); the site uses non-essential cookies (_ga)');
  });

  it('passes on a banner found in the HTML, or a consent provider among the scripts', () => {
    const banner = pageOf({ setCookies: ['_fbp=1; Secure'], document: { consentMarker: '#cookie-banner' } });
    expect(runCheck(cookieConsent, crawlOf({ pages: [banner] })).outcome).toBe('pass');
    const provider = pageOf({
      setCookies: ['_fbp=1; Secure'],
      document: { subresources: ['https://cdn.cookielaw.org/scripttemplates/otSDKStub.js'] },
    });
    expect(runCheck(cookieConsent, crawlOf({ pages: [provider] })).summary).toContain(
      'Consent provider Optanon (cdn.cookielaw.org)',
    );
  });

  it('fails when trackers load and nothing asks for consent', () => {
    const page = pageOf({
      document: { subresources: ['https://www.googletagmanager.com/gtm.js', 'https://connect.facebook.net/en_US/fbevents.js'] },
    });
    const result = runCheck(cookieConsent, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No consent mechanism seen, yet the site uses trackers (Facebook)');
    expect(result.evidence[0].detail).toBe(
      'Tracker connect.facebook.net: Facebook (social), e.g. https://connect.facebook.net/en_US/fbevents.js',
    );
  });

  it('fails on non-essential and third-party cookies without consent', () => {
    const page = pageOf({
      setCookies: ['_ga=1; Secure'],
      browser: { cookies: [cookieOf({ name: 'IDE', domain: '.doubleclick.net' })] },
    });
    const result = runCheck(cookieConsent, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No consent mechanism seen, yet the site uses non-essential cookies (_ga), 1 third-party cookie');
  });

  it('is not applicable when only strictly necessary cookies are set', () => {
    const page = pageOf({
      setCookies: ['PHPSESSID=1; Secure; HttpOnly', 'XSRF-TOKEN=2; Secure', '__cf_bm=3; Secure', 'OptanonConsent=4'],
    });
    const result = runCheck(cookieConsent, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('not_applicable');
    expect(result.summary).toBe('No non-essential cookies or trackers were seen, so no consent is needed');
  });
});
