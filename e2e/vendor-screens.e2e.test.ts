import { gradesOf } from '@vendorwatch/compliance';
import type { CheckResult, CrawlInventory, GradeLetter, ThirdParty, Vendor } from '@vendorwatch/contracts';
import { ComplianceAssessmentsRepository, CrawlInventoriesRepository } from '@vendorwatch/db';
import { buildAssessment, insertCompletedCrawl } from '@vendorwatch/db/testing';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): ArrayLike<{
    scrollWidth: number;
    clientWidth: number;
    textContent: string | null;
    value?: string;
    placeholder?: string;
    getBoundingClientRect(): { right: number; width: number };
  }>;
};

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** An email, domain or TLS check as the posture step writes it, with its evidence (the records read). */
const domainCheck = (
  checkId: string,
  group: 'email_domain' | 'tls',
  outcome: CheckResult['outcome'],
  title: string,
  detail: string,
): CheckResult => ({
  checkId,
  group,
  severity: 'high',
  outcome,
  title,
  summary: outcome === 'pass' ? 'Passed' : `Not met: ${detail.slice(0, 40)}`,
  whyItMatters: 'Mail in the vendor’s name can be forged when the domain publishes no enforcing policy.',
  howToFix: 'Publish a DMARC record with p=quarantine or p=reject for the domain.',
  evidence: outcome === 'pass' ? [] : [{ url: 'https://acme-widgets-international-holdings.example/', pageId: null, detail }],
  evidenceTotal: outcome === 'pass' ? 0 : 1,
  evaluated: true,
});

const party = (name: string, company: string, category: string, tracker: boolean): ThirdParty => ({
  key: name,
  name,
  company,
  category,
  hosts: [`cdn.${name.toLowerCase().replace(/\W+/g, '')}.example`],
  pages: 3,
  requestedBeforeConsent: tracker,
  tracker,
  example: {
    pageId: 'p1',
    url: 'https://acme.example/',
    resource: `https://cdn.${name.toLowerCase().replace(/\W+/g, '')}.example/x.js`,
  },
});

const inventory = (parties: ThirdParty[]): CrawlInventory => ({
  libraries: [
    {
      component: 'jquery',
      npm: 'jquery',
      version: '1.12.4',
      evidence: [{ kind: 'file_name', source: 'https://acme.example/js/jquery-1.12.4.min.js' }],
      pages: [{ pageId: 'p1', url: 'https://acme.example/' }],
      pagesTotal: 1,
      advisories: [
        {
          ids: ['CVE-2020-11022', 'GHSA-gxr4-xjj5-5px2'],
          summary: 'Regex in its jQuery.htmlPrefilter sometimes may introduce XSS',
          severity: 'medium',
          atOrAbove: '1.2.0',
          below: '3.5.0',
          endOfLife: false,
          info: ['https://github.com/advisories/GHSA-gxr4-xjj5-5px2'],
        },
      ],
      severity: 'medium',
      fixedVersion: '3.5.0',
      endOfLife: null,
    },
  ],
  technologies: [],
  thirdParties: parties,
  dataSources: [],
});

/**
 * The analyst's screens in a real browser at 1366 and 390 px: the vendors list with each vendor's grade,
 * the vendor page (its grade at the top; the Email & domain, TLS, software and third-party cards) and
 * the Portfolio. Nothing reaches past the viewport's right edge, no badge is cut ("COMPLE…").
 */
describe('the vendors list, a vendor page and the portfolio, at 1366 and 390 px', () => {
  let t: TestApp;
  let browser: Browser;
  let user: TestUser;
  let acme: Vendor;
  const grades: Record<string, GradeLetter | null> = {};

  /** A completed crawl with an assessment (the sample checks plus email, domain and TLS checks) and its inventory. */
  async function assess(vendor: Vendor, failing: string[], parties: ThirdParty[], extra: CheckResult[]) {
    const { jobId, workspaceId } = await insertCompletedCrawl(t.database.db, {
      userId: user.id,
      vendorId: vendor.id,
      targetUrl: vendor.url,
    });
    const input = buildAssessment({
      jobId,
      workspaceId,
      userId: user.id,
      vendorId: vendor.id,
      targetUrl: vendor.url,
      failing,
      assessedAt: new Date(),
    });
    input.checks.push(...extra);
    await new ComplianceAssessmentsRepository(t.database.db).save(input);
    const vendorGrades = gradesOf(input.checks);
    await new CrawlInventoriesRepository(t.database.db).save({
      jobId,
      workspaceId,
      userId: user.id,
      vendorId: vendor.id,
      crawlCompletedAt: input.crawlCompletedAt ?? null,
      inventory: inventory(parties),
      grades: vendorGrades,
    });
    grades[vendor.name] = vendorGrades.overall.letter;
  }

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    const add = async (name: string, url: string, description = '') =>
      (await (await user.api('/api/vendors', { method: 'POST', json: { name, url, description } })).json()) as Vendor;
    acme = await add(
      'Acme Widgets International Holdings',
      'https://acme-widgets-international-holdings.example/products/enterprise/security-and-compliance/overview',
      'Payroll, HR and benefits administration for the whole group',
    );
    const globex = await add('Globex', 'https://globex.example/');
    await add('Fresh Co', 'https://fresh.example/');
    const GA = party('Google Analytics', 'Google', 'analytics', true);
    const CDN = party('jsDelivr', 'jsDelivr', 'cdn', false);
    await assess(
      acme,
      ['transport.https', 'headers.csp', 'privacy.policy-linked'],
      [GA, CDN],
      [
        domainCheck(
          'email.dmarc',
          'email_domain',
          'fail',
          'DMARC policy enforces (quarantine or reject)',
          'v=DMARC1; p=none; rua=mailto:dmarc-reports@acme-widgets-international-holdings.example',
        ),
        domainCheck('email.spf', 'email_domain', 'pass', 'SPF record ends in -all or ~all', ''),
        domainCheck(
          'tls.certificate-expiry',
          'tls',
          'warn',
          'Certificates are valid for at least 30 more days',
          'www.acme-widgets-international-holdings.example: expires in 12 days',
        ),
      ],
    );
    await assess(globex, [], [CDN], []);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
    const phone = viewport.width < 500;
    const page = await openPage(browser, { viewport, isMobile: phone, hasTouch: phone });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
    return page;
  }

  /** How far anything reaches past the viewport's right edge, and which badges do not show all their words. */
  const layoutFaults = (page: Page) =>
    page.evaluate(() => {
      const root = document.documentElement;
      const cut = Array.from(document.querySelectorAll('.mantine-Badge-label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent);
      return { overflow: root.scrollWidth - root.clientWidth, cut };
    });

  /** The list's search and filter fields whose words (the value chosen, or the placeholder) do not all show. */
  const clippedFilters = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="vendor-list-filters"] input'))
        .filter((input) => input.scrollWidth > input.clientWidth + 1)
        .map((input) => input.value || input.placeholder),
    );

  describe.each([
    ['1366', LAPTOP],
    ['390', PHONE],
  ])('at %s px', (width, viewport) => {
    it('the vendors list shows each vendor with its grade, and fits the screen', async () => {
      const page = await signedIn(viewport);
      await page.goto(`${t.baseUrl}/vendors`);
      const item = page.getByTestId(viewport === PHONE ? 'vendor-card' : 'vendor-row');
      await item.filter({ hasText: 'Acme Widgets' }).getByTestId('vendor-grade').waitFor();
      expect(await item.count()).toBe(3);
      for (const name of ['Acme Widgets International Holdings', 'Globex']) {
        const letter = grades[name];
        expect(letter).not.toBeNull();
        await item.filter({ hasText: name }).getByLabel(`${name}: grade ${letter}`).waitFor();
      }
      await item.filter({ hasText: 'Fresh Co' }).getByLabel('Fresh Co: not graded').waitFor();
      if (viewport === LAPTOP) {
        // The add form is one compact card: the list starts in the first screen.
        const listTop = await page.getByRole('heading', { name: 'Vendors', exact: true }).boundingBox();
        expect(listTop!.y).toBeLessThan(viewport.height);
        // Every column shows without a sideways scroll: the last action of a row ends inside the table's box.
        const table = await page.getByRole('table', { name: 'Vendors' }).locator('..').boundingBox();
        const lastAction = await page.getByRole('button', { name: 'Delete Globex' }).boundingBox();
        expect(lastAction!.x + lastAction!.width).toBeLessThanOrEqual(table!.x + table!.width);
      }
      expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
      expect(await clippedFilters(page)).toEqual([]);
      await snapshot(page, `vendors-list-${width}`);

      // The filters' longest choices show whole too ("Partially Compliant", "Not reviewed").
      await page.goto(
        `${t.baseUrl}/vendors?grade=none&crawlState=cancelled&label=Partially%20Compliant&tier=none&reviewStatus=not_reviewed`,
      );
      await page.getByTestId('vendors-empty').waitFor();
      await page.locator('input[aria-label="Label"][value="Partially Compliant"]').waitFor();
      expect(await clippedFilters(page)).toEqual([]);

      // Filtered by grade from the URL (as the dashboard's counts link to it).
      await page.goto(`${t.baseUrl}/vendors?grade=${grades.Globex}`);
      await item.filter({ hasText: 'Globex' }).waitFor();
      await page
        .getByTestId('vendor-list-range')
        .filter({ hasText: /^1 vendor$/ })
        .waitFor();
      await page.close();
    });

    it('the vendor page opens with its grade, then its Email & domain, TLS, software and third-party cards, all on screen', async () => {
      const page = await signedIn(viewport);
      await page.goto(`${t.baseUrl}/vendors/${acme.id}`);
      await page.getByTestId('vendor-standing-grade').filter({ hasText: grades[acme.name]! }).waitFor();
      const posture = page.getByTestId('vendor-domain-posture');
      // Two cards: Email & domain, and TLS, each with its checks.
      await posture.getByText('DMARC policy enforces (quarantine or reject)').first().waitFor();
      await posture.getByText('Certificates are valid for at least 30 more days').first().waitFor();
      expect(await posture.getByTestId('report-group').count()).toBe(2);
      const software = page.getByTestId('vendor-software');
      await software.getByTestId('vulnerable-library').filter({ hasText: 'jquery' }).waitFor();
      await software.getByText('CVE-2020-11022').first().waitFor();
      const parties = page.getByTestId('vendor-third-parties');
      await parties.getByText('Google Analytics').first().waitFor();
      expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
      await snapshot(page, `vendor-page-${width}`);
      await page.close();
    });

    it('the portfolio shows the vendors with their grades beside the third parties, all on screen', async () => {
      const page = await signedIn(viewport);
      await page.goto(`${t.baseUrl}/portfolio`);
      const vendors = page.getByTestId('portfolio-vendor');
      await vendors.first().waitFor();
      expect(await vendors.count()).toBe(2);
      await page.getByLabel(`Globex: grade ${grades.Globex}`).waitFor();
      await page.getByTestId('portfolio-party').filter({ hasText: 'Google Analytics' }).waitFor();
      if (viewport === LAPTOP) {
        // Beside: the vendors' card and the third parties share the row.
        const left = await page.getByTestId('portfolio-vendors').boundingBox();
        const right = await page.getByTestId('portfolio-party').first().boundingBox();
        expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
      }
      expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
      await snapshot(page, `portfolio-${width}`);
      await page.close();
    });
  });

  it('imports vendors from a file at 1366 px: the bad rows named, nothing added; then the summary', async () => {
    // A user of its own, so the other tests' lists stay as they are whichever runs first.
    const importer = await t.signUp();
    await importer.api('/api/vendors', { method: 'POST', json: { name: 'Globex', url: 'https://globex.example/' } });
    const page = await openPage(browser, { viewport: LAPTOP });
    await signInThroughUi(page, t.baseUrl, importer.email, importer.password);
    await page.goto(`${t.baseUrl}/vendors`);
    await page.getByTestId('import-vendors').click();
    const dialog = page.getByRole('dialog', { name: 'Import vendors' });
    const file = (body: string) => ({ name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await dialog.locator('input[type="file"]').setInputFiles(file('name,url\nInitech,initech.example\n,nameless.example\n'));
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-errors').getByText('1 row with errors').waitFor();
    await dialog.getByRole('row', { name: /^3 name Vendor name is required/ }).waitFor();
    await snapshot(page, 'vendors-import-refused-1366');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(file('name,url\nInitech,initech.example\nGlobex again,globex.example\n'));
    await dialog.getByTestId('import-submit').click();
    const summary = dialog.getByTestId('import-summary');
    await summary.getByText('1 vendor added').waitFor();
    await summary.getByText('Row 3: A vendor with this URL already exists').waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'vendors-import-done-1366');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('vendor-row').filter({ hasText: 'Initech' }).waitFor();
    await page.close();
  });
});
