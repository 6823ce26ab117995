import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../testing/test-app';

const INDEX = '<!doctype html><html><head><title>Vendorwatch</title></head><body><div id="root"></div></body></html>';

/**
 * The built app answers every page a browser opens; the vendor page's address carries a request's only
 * credential, so it is served with `Referrer-Policy: no-referrer` (no Referer takes the token elsewhere).
 */
describe('single-page app pages', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'vw-spa-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    t = await startTestApp({ FRONTEND_DIST: dist });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const openPage = (pathname: string) => fetch(`${t.baseUrl}${pathname}`, { headers: { accept: 'text/html' } });

  it('serves the vendor page without a referrer, whatever the token', async () => {
    const token = 'a'.repeat(43);
    const response = await openPage(`/vendor-portal/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('still serves the app and its deep links, and an unknown API path is still a JSON 404', async () => {
    const deepLink = await openPage('/vendors/some-vendor');
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');

    const api = await fetch(`${t.baseUrl}/api/portal-nothing-here`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('json');
  });
});
