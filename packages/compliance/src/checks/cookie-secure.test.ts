import { runCheck } from '../run-check';
import { cookieOf, crawlOf, pageOf } from '../testing/builders';
import { cookieSecure } from './cookie-secure';

describe('cookie-secure', () => {
  it('passes when every cookie set over HTTPS carries Secure, listed once however many pages set it', () => {
    const pages = [1, 2, 3].map((i) =>
      pageOf({ url: `https://www.vendor.test/${i}`, setCookies: ['sid=1; Path=/; Secure; HttpOnly'] }),
    );
    const result = runCheck(cookieSecure, crawlOf({ pages }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('Secure on the one cookie set over HTTPS');
    expect(result.evidence).toEqual([
      {
        url: 'https://www.vendor.test/1',
        pageId: 'page:https://www.vendor.test/1',
        detail: 'Set-Cookie: sid; Path=/; Secure; HttpOnly — on https://www.vendor.test/1 and 2 more pages',
      },
    ]);
  });

  it('fails on a Set-Cookie without Secure, showing the header without the cookie value', () => {
    const result = runCheck(
      cookieSecure,
      crawlOf({ pages: [pageOf({ setCookies: ['lang=de; Path=/', 'sid=s3cr3t; Secure'] })] }),
    );
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Without Secure: 1 of 2 cookies set over HTTPS (lang)');
    expect(result.evidence.map((e) => e.detail)).toEqual(['Set-Cookie: lang; Path=/ — on https://www.vendor.test/']);
  });

  it("fails on a first-party cookie in the browser's jar without Secure, and ignores third-party ones", () => {
    const page = pageOf({
      browser: {
        cookies: [
          cookieOf({ name: '_ga', domain: '.vendor.test', secure: false }),
          cookieOf({ name: 'IDE', domain: '.doubleclick.net', secure: false }),
        ],
      },
    });
    const result = runCheck(cookieSecure, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Without Secure: 1 of 1 cookie set over HTTPS (_ga)');
  });

  it("leaves out Heroku's router affinity cookie, which the site does not set (as the Observatory does)", () => {
    const setCookies = ['SESSIONID=bar; Path=/; Secure; HttpOnly', 'heroku-session-affinity=bar; Path=/'];
    const result = runCheck(cookieSecure, crawlOf({ pages: [pageOf({ setCookies })] }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('Secure on the one cookie set over HTTPS');
  });

  it('is not applicable when no cookies are set, or only on plain-HTTP pages', () => {
    expect(runCheck(cookieSecure, crawlOf()).outcome).toBe('not_applicable');
    const http = pageOf({ url: 'http://www.vendor.test/', setCookies: ['sid=1'] });
    const result = runCheck(cookieSecure, crawlOf({ startUrl: http.url, pages: [http] }));
    expect(result.outcome).toBe('not_applicable');
    expect(result.summary).toBe('Cookies were set only on plain-HTTP pages (see the HTTPS check)');
  });
});
