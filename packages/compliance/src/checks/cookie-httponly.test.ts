import { runCheck } from '../run-check';
import { cookieOf, crawlOf, pageOf } from '../testing/builders';
import { cookieHttpOnly } from './cookie-httponly';

const withCookies = (...setCookies: string[]) => runCheck(cookieHttpOnly, crawlOf({ pages: [pageOf({ setCookies })] }));

describe('cookie-httponly', () => {
  it('passes when session-like cookies carry HttpOnly, whatever other cookies do', () => {
    const result = withCookies('PHPSESSID=1; Secure; HttpOnly', 'theme=dark; Secure');
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('HttpOnly on the one session cookie');
  });

  it('fails a session or login cookie that scripts can read', () => {
    const result = withCookies('JSESSIONID=1; Secure', 'remember_login=1; Secure; HttpOnly', 'auth_token=2; Secure');
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Without HttpOnly: 2 of 3 session cookies (JSESSIONID, auth_token)');
  });

  it('fails a session cookie set by a script (the browser jar shows it without HttpOnly)', () => {
    const page = pageOf({ browser: { cookies: [cookieOf({ name: 'connect.sid', httpOnly: false })] } });
    expect(runCheck(cookieHttpOnly, crawlOf({ method: 'puppeteer', pages: [page] })).outcome).toBe('fail');
  });

  it('is not applicable without session-like cookies', () => {
    expect(withCookies('theme=dark; Secure').outcome).toBe('not_applicable');
  });
});
