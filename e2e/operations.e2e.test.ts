import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot, watchCspViolations } from './support';

/**
 * Under the Content-Security-Policy the server sends: the API documentation renders and works,
 * and the app's screens raise no violation.
 */
describe('API docs and the app under the Content-Security-Policy, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let violations: string[];
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    browser = await launchBrowser();
    page = await openPage(browser, { viewport: { width: 1280, height: 1000 } });
    violations = watchCspViolations(page);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the OpenAPI document in Swagger UI at /api/docs', async () => {
    // Opened by its deep link: Swagger UI renders only the operations near the screen, and with every
    // route of the programme before it this one is far below the first screen.
    const response = await page.goto(`${t.baseUrl}/api/docs#/vendors/Vendors_create`);
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.getByRole('heading', { name: /Vendorwatch API/ }).waitFor();
    // An operation opens with its parameters and responses, rendered from the document.
    await page.locator('#operations-vendors-Vendors_create').getByText('Request body').waitFor();
    await snapshot(page, 'operations-api-docs');
    expect(violations).toEqual([]);
  });

  it("walks the app's screens without a CSP violation", async () => {
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
    for (const [link, path] of [
      ['Vendors', '/vendors'],
      ['Reports', '/reports'],
      ['Test Crawler', '/test-crawler'],
      ['Settings', '/settings'],
    ] as const) {
      await page.getByRole('link', { name: link }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState('networkidle');
    }
    await snapshot(page, 'operations-app-under-csp');
    expect(violations).toEqual([]);
  });
});
