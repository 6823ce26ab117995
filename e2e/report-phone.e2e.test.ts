import type { Vendor } from '@vendorwatch/contracts';
import { insertFailedCrawl, seedAssessment } from '@vendorwatch/db/testing';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null }>;
};

const PHONE = { width: 390, height: 844 };

/**
 * The reports on a phone (390 px wide) and on a laptop (1366 px): nothing wider than the screen, no
 * badge cut to "NON-COMP…", tables as cards, a failing check's long evidence list collapsed to its
 * first pieces with "Show all", and no screenshot button where no screenshot was taken.
 */
describe('reports on a phone, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let user: TestUser;
  let reportId: string;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    const vendor = async (name: string) =>
      (await (
        await user.api('/api/vendors', {
          method: 'POST',
          json: { name, url: `https://${name.split(' ')[0]!.toLowerCase()}.example/` },
        })
      ).json()) as Vendor;
    const acme = await vendor('Acme Widgets International Holdings');
    const broken = await vendor('Broken Co');
    await vendor('Fresh Co');
    const pages = Array.from({ length: 16 }, (_, i) => ({ url: `https://acme.example/products/item-${i + 1}` }));
    reportId = (
      await seedAssessment(t.database.db, {
        userId: user.id,
        vendorId: acme.id,
        targetUrl: 'https://acme.example/',
        method: 'http',
        rate: 44.9,
        failing: ['transport.https', 'headers.csp', 'headers.referrer-policy', 'privacy.policy-linked'],
        warnings: ['privacy.terms-linked'],
        evidencePerFailure: 16,
        pages,
      })
    ).reportId;
    await insertFailedCrawl(t.database.db, {
      userId: user.id,
      vendorId: broken.id,
      error: 'net::ERR_NAME_NOT_RESOLVED at https://broken.example/',
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
    const page = await openPage(browser, { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
    return page;
  }

  /** Whether anything sticks out sideways, and which badges do not show all their words. */
  const layoutFaults = (page: Page) =>
    page.evaluate(() => {
      const root = document.documentElement;
      const cut = Array.from(document.querySelectorAll('.mantine-Badge-label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent);
      return { overflow: root.scrollWidth - root.clientWidth, cut };
    });

  it('the report detail fits a phone: no overflow, badges whole, evidence collapsed, no screenshot buttons', async () => {
    const page = await signedIn(PHONE);
    await page.goto(`${t.baseUrl}/reports/${reportId}`);
    const header = page.getByTestId('report-header');
    await header.getByTestId('report-label').filter({ hasText: 'Non-Compliant' }).waitFor();

    const csp = page.locator('[data-testid="report-check"][data-check-id="headers.csp"]');
    const evidence = csp.getByTestId('report-evidence').getByRole('listitem');
    await evidence.first().waitFor();
    expect(await evidence.count()).toBe(3);
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    // An http crawl took no screenshot: no button that would only answer "Screenshot not found".
    expect(await page.getByRole('button', { name: 'Screenshot' }).count()).toBe(0);
    await snapshot(page, 'report-detail-390');

    await csp.getByRole('button', { name: 'Show all 16' }).click();
    await evidence.nth(15).waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await csp.getByRole('button', { name: 'Show fewer' }).click();
    await evidence.nth(3).waitFor({ state: 'detached' });
    await page.close();
  });

  it('the reports screen fits a phone: vendors and results as cards, each vendor with its state', async () => {
    const page = await signedIn(PHONE);
    await page.goto(`${t.baseUrl}/reports`);
    const rows = page.getByTestId('compliance-row');
    await rows.filter({ hasText: 'Broken Co' }).getByText('The site could not be reached: host not found').waitFor();
    expect(await rows.count()).toBe(3);
    expect(await page.getByRole('table').count()).toBe(0);
    await rows.filter({ hasText: 'Fresh Co' }).getByText('Not assessed yet').waitFor();
    await page.getByTestId('report-row').first().waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'reports-390');
    await page.close();
  });

  it('the same screens on a laptop: tables, every badge whole', async () => {
    const page = await signedIn({ width: 1366, height: 900 });
    await page.goto(`${t.baseUrl}/reports`);
    await page.getByRole('table', { name: 'Compliance by vendor' }).getByText('Broken Co').waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'reports-1366');
    await page.goto(`${t.baseUrl}/reports/${reportId}`);
    await page.getByTestId('report-header').getByTestId('report-label').waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'report-detail-1366');
    await page.goto(`${t.baseUrl}/`);
    await page.getByTestId('vendor-standings').getByText('Broken Co').waitFor();
    await snapshot(page, 'dashboard-1366');
    await page.close();
  });
});
