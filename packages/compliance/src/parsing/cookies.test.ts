import { isCsrfLike, isSessionLike, isStrictlyNecessary } from './cookies';

describe('cookie names', () => {
  it.each([
    'PHPSESSID',
    'JSESSIONID',
    'ASP.NET_SessionId',
    'connect.sid',
    'laravel_session',
    'remember_login',
    'auth_token',
    'sid',
  ])('%s is a session cookie, and strictly necessary', (name) => {
    expect(isSessionLike(name)).toBe(true);
    expect(isStrictlyNecessary(name)).toBe(true);
  });

  it.each([
    '_ga',
    '_gid',
    '_fbp',
    '_hjSession_123',
    '_hjSessionUser_123',
    'ajs_user_id',
    'hubspotutk',
    'IDE',
    'theme',
    'consider',
  ])('%s is neither a session cookie nor strictly necessary', (name) => {
    expect(isSessionLike(name)).toBe(false);
    expect(isStrictlyNecessary(name)).toBe(false);
  });

  it.each(['XSRF-TOKEN', 'csrftoken', '__cf_bm', 'AWSALB', '__Host-id', 'OptanonConsent', 'CookieConsent', 'euconsent-v2'])(
    '%s needs no consent',
    (name) => {
      expect(isStrictlyNecessary(name)).toBe(true);
    },
  );

  it('recognises anti-CSRF tokens', () => {
    expect(isCsrfLike('XSRF-TOKEN')).toBe(true);
    expect(isCsrfLike('_csrf')).toBe(true);
    expect(isCsrfLike('session')).toBe(false);
  });
});
