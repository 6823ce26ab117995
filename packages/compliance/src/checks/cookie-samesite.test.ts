import { runCheck } from '../run-check';
import { cookieOf, crawlOf, pageOf } from '../testing/builders';
import { cookieSameSite } from './cookie-samesite';

const withCookies = (...setCookies: string[]) => runCheck(cookieSameSite, crawlOf({ pages: [pageOf({ setCookies })] }));

describe('cookie-samesite', () => {
  it('passes when every cookie declares a valid SameSite', () => {
    const result = withCookies('a=1; Secure; SameSite=Lax', 'b=2; Secure; SameSite=strict', 'c=3; Secure; SameSite=None');
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('SameSite on all 3 cookies');
  });

  it('passes cookies without SameSite as MDN HTTP Observatory does, saying that declaring it would be better', () => {
    const result = withCookies('a=1; Secure; SameSite=Lax', 'sessionid=1; Secure; HttpOnly');
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe(
      "No unsafe SameSite; 1 of 2 cookies rely on the browser's Lax default (sessionid) — declaring SameSite would be better",
    );
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'Set-Cookie: a; Secure; SameSite=Lax — on https://www.vendor.test/',
      'Set-Cookie: sessionid; Secure; HttpOnly (no SameSite) — on https://www.vendor.test/',
    ]);
  });

  it('fails an invalid value, None without Secure, and an anti-CSRF token without SameSite', () => {
    expect(withCookies('a=1; Secure; SameSite=sometimes').outcome).toBe('fail');
    expect(withCookies('a=1; Secure; SameSite=').outcome).toBe('fail');
    const none = withCookies('a=1; SameSite=None');
    expect(none.outcome).toBe('fail');
    expect(none.evidence[0].detail).toContain('SameSite=None without Secure');
    const csrf = withCookies('csrftoken=1; Secure', 'theme=dark');
    expect(csrf.outcome).toBe('fail');
    expect(csrf.summary).toBe('Unsafe or invalid SameSite: 1 of 2 cookies (csrftoken)');
    expect(csrf.evidence).toHaveLength(2);
  });

  it("reads the browser's jar too", () => {
    const page = pageOf({ browser: { cookies: [cookieOf({ name: '_ga', domain: '.vendor.test', sameSite: null })] } });
    const result = runCheck(cookieSameSite, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.summary).toContain('(_ga)');
  });

  it('is not applicable without cookies', () => {
    expect(withCookies().outcome).toBe('not_applicable');
  });
});
