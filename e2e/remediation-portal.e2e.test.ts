import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  type CrawlJob,
  type ReportDetail,
  type Vendor,
  type VendorListItem,
  type Workspace,
} from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { addMember } from '../backend/src/modules/workspaces/testing/teams';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { waitFor } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="description" content="Globex makes widgets: ${title}"></head><body><h1>${title}</h1>${body}` +
  '<footer><a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Service</a> <a href="/imprint">Imprint</a></footer></body></html>';

const PAGES: Record<string, string> = {
  '/': page('Globex', '<p>Widgets for every workshop.</p>'),
  '/privacy': page('Privacy Policy', '<p>We keep no personal data beyond your order.</p>'),
  '/terms': page('Terms of Service', '<p>Widgets are sold as described.</p>'),
  '/imprint': page('Imprint', '<p>Globex Ltd, 1 Main Street, Springfield. Contact: info@globex.example, +1 555 0100.</p>'),
};

/**
 * A small, otherwise well-kept vendor site that sends no X-Content-Type-Options and no Referrer-Policy
 * until the vendor fixes it. It is served over plain HTTP, a critical failure that caps its grade.
 */
async function startHeaderSite() {
  const state = { fixed: false };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/.well-known/security.txt') {
      const expires = new Date(Date.now() + 180 * 86_400_000).toISOString();
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`Contact: mailto:security@globex.example\nExpires: ${expires}\n`);
    }
    const body = PAGES[path];
    if (!body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'permissions-policy': 'camera=(), microphone=(), geolocation=()',
        ...(state.fixed ? { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' } : {}),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fix: () => {
      state.fixed = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const CHECK_TITLE = 'X-Content-Type-Options: nosniff';
const CONTACT = 'security@globex.example';
/** A minimal PDF: the server types attachments by their content, not their name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A remediation request end to end: an analyst crawls a vendor site that lacks a header and asks the
 * vendor to fix it from the vendor page; the vendor's contact opens the emailed link on a phone without
 * an account, answers "fixed" with a PDF, and — once the site sends the header — asks for a re-check;
 * the check resolves and the request closes, on the vendor's page and the analyst's. Then the analyst asks
 * to accept the site's remaining critical failure (plain HTTP), a colleague approves it, and the grade rises.
 */
describe('remediation through the vendor link, in a real browser', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: Awaited<ReturnType<typeof startHeaderSite>>;
  let browser: Browser;
  let analyst: Page;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    site = await startHeaderSite();
    t = await startTestApp({ SMTP_URL: smtp.url, FRONTEND_DIST });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    vendor = await addVendor(user, site, { maxPages: 5, crawlDelay: 500 }, 'Globex');
    browser = await launchBrowser();
    analyst = await openPage(browser);
    await signInThroughUi(analyst, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await site?.close();
    await smtp?.close();
  });

  it('sends a request, the vendor answers and re-checks on a phone, and the request closes', async () => {
    // The analyst's crawl finds the missing header.
    const started = await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
    expect(started.status).toBe(201);
    const { id: crawlId } = (await started.json()) as CrawlJob;
    await waitFor(
      async () => {
        const current = (await (await user.api(`/api/vendors/${vendor.id}`)).json()) as VendorListItem;
        return current.lastCrawl?.id === crawlId && current.compliance;
      },
      { what: 'the first assessment', timeoutMs: 120_000, intervalMs: 500 },
    );

    // From the vendor page: Request a fix.
    await analyst.goto(`${t.baseUrl}/vendors/${vendor.id}`);
    await analyst.getByTestId('request-fix').click();
    const dialog = analyst.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: CHECK_TITLE }).check();
    await dialog.getByRole('combobox', { name: 'Contact email' }).fill(CONTACT);
    const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Due date').fill(nextMonth);
    await dialog.getByLabel('Message').fill('Please send the nosniff header before our audit.');
    await dialog.getByTestId('request-fix-submit').click();
    await analyst.getByText(`Request sent: ${CONTACT} was emailed a link to answer it`).waitFor();
    const row = analyst.getByTestId('remediation-request-row').first();
    await row.getByText(CONTACT, { exact: false }).waitFor();
    await snapshot(analyst, 'remediation-analyst-sent');

    // The vendor's contact: the emailed link, on a phone, without an account.
    const mail = await smtp.waitFor((m) => m.to.includes(CONTACT) && m.subject === MESSAGES.remediation.subject, 60_000);
    const link = /https?:\/\/\S+\/vendor-portal\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no vendor link in the email: ${mail.text}`);
    const vendorPage = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const calls: string[] = [];
    vendorPage.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) calls.push(pathname);
    });
    const opened = await vendorPage.goto(link);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await vendorPage.getByTestId('portal-workspace').waitFor();
    expect(new URL(vendorPage.url()).pathname).toBe(new URL(link).pathname);
    expect(await vendorPage.getByTestId('portal-vendor').textContent()).toBe('Globex');
    await vendorPage.getByText('Please send the nosniff header before our audit.').waitFor();
    expect(await vendorPage.getByRole('navigation').count()).toBe(0);
    const check = vendorPage.getByTestId('portal-check').filter({ hasText: CHECK_TITLE });
    await check.getByText('X-Content-Type-Options: absent', { exact: false }).first().waitFor();
    const overflow = await vendorPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
        .document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);

    // "Fixed", with a PDF.
    await check.getByRole('radio', { name: 'Fixed' }).check();
    await check.getByLabel('Comment').fill('nosniff is sent on every response since today');
    await check.getByTestId('portal-reply-submit').click();
    await check
      .getByTestId('portal-replies')
      .getByText('nosniff is sent on every response since today', { exact: false })
      .waitFor();
    await check
      .locator('input[type="file"]')
      .setInputFiles({ name: 'change-ticket.pdf', mimeType: 'application/pdf', buffer: PDF });
    await check.getByTestId('portal-attachment').filter({ hasText: 'change-ticket.pdf' }).waitFor();
    await snapshot(vendorPage, 'remediation-vendor-answered-phone');

    // The site is fixed; the vendor asks for a re-check, which resolves the check and closes the request.
    site.fix();
    await vendorPage.getByTestId('portal-recheck-button').click();
    await vendorPage.locator('[data-testid="portal-recheck-result"][data-result="started"]').waitFor();
    await vendorPage.locator(`[data-testid="portal-check"][data-status="resolved"]`).waitFor({ timeout: 240_000 });
    await vendorPage.getByTestId('portal-closed').waitFor({ timeout: 60_000 });
    await snapshot(vendorPage, 'remediation-vendor-closed-phone');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((path) => !path.startsWith('/api/portal/'))).toEqual([]);

    // The analyst reads the same: closed, the reply and the PDF there to download.
    await analyst.reload();
    await row.getByRole('link').click();
    await analyst.locator('[data-testid="remediation-state"][data-state="closed"]').waitFor();
    const answered = analyst.getByTestId('remediation-check').filter({ hasText: CHECK_TITLE });
    await answered.getByTestId('remediation-attachment').filter({ hasText: 'change-ticket.pdf' }).waitFor();
    await answered.locator('[data-testid="remediation-check-status"][data-status="resolved"]').waitFor();
    await snapshot(analyst, 'remediation-analyst-closed');

    // The workspace's list (where the Programme screen's counts lead): a table on a laptop, cards on a phone.
    await analyst.setViewportSize({ width: 1366, height: 768 });
    await analyst.goto(`${t.baseUrl}/remediation-requests?state=closed`);
    const listed = analyst.getByTestId('remediation-request-row').filter({ hasText: 'Globex' });
    await listed.getByText(CONTACT).waitFor();
    await listed.locator('[data-testid="remediation-state"][data-state="closed"]').waitFor();
    await snapshot(analyst, 'remediation-requests-list');
    await analyst.setViewportSize({ width: 390, height: 844 });
    await analyst.getByRole('list', { name: 'Remediation requests' }).waitFor();
    // Waited on, not sampled: just after the resize the app shell's navigation is still sliding away. A function,
    // not a string: Playwright evals a string predicate again on each later poll, from the page's own frame
    // callback, where the app's CSP (no 'unsafe-eval') refuses it — so it failed whenever the first poll was early.
    await analyst.waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, undefined, {
      timeout: 10_000,
    });
    await snapshot(analyst, 'remediation-requests-list-phone');
    await listed.getByTestId('remediation-request-link').click();
    await analyst.waitForURL(/\/remediation-requests\/[0-9a-f-]{36}$/);
  }, 600_000);

  it('a colleague approves an acceptance of a failing check, and the grade changes on the report', async () => {
    // The vendor's latest assessment (the re-check's): the site is still served over plain HTTP, a critical failure.
    const current = (await (await user.api(`/api/vendors/${vendor.id}`)).json()) as VendorListItem;
    const reportId = current.compliance!.reportId;
    const overall = analyst.getByTestId('report-grades').getByTestId('grade-badge').first();
    await analyst.goto(`${t.baseUrl}/reports/${reportId}`);
    await overall.waitFor();
    const before = (await overall.textContent())?.trim();
    const https = analyst.locator('[data-testid="report-check"][data-check-id="https"]');
    await https.locator('[data-outcome="fail"]').waitFor();

    // The analyst asks to accept it from the report.
    // A failing check may open already; open it if not.
    const control = https.locator('button[aria-expanded]').first();
    if ((await control.getAttribute('aria-expanded')) === 'false') await control.click();
    await https.getByTestId('accept-risk').click();
    const dialog = analyst.getByRole('dialog');
    await dialog.getByLabel('Justification').fill('Internal test host, moved behind HTTPS next quarter');
    await dialog.getByTestId('accept-risk-expiry').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByTestId('accept-risk-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // A colleague, an admin of the same workspace, approves it on the risk acceptances screen.
    const workspaces = (await (await user.api('/api/workspaces')).json()) as Workspace[];
    const workspaceId = workspaces.find((workspace) => workspace.personal)!.id;
    const colleague = await t.signUp();
    await addMember(t, workspaceId, colleague, 'admin');
    const colleaguePage = await openPage(browser);
    await signInThroughUi(colleaguePage, t.baseUrl, colleague.email, colleague.password);
    await colleaguePage.getByTestId('workspace-switcher').click();
    await colleaguePage.getByTestId('workspace-option').filter({ hasText: 'admin' }).click();
    await colleaguePage.getByRole('button', { name: /^Workspace:/ }).waitFor();
    await colleaguePage.goto(`${t.baseUrl}/risk-acceptances?state=pending`);
    await colleaguePage.getByRole('button', { name: 'Approve Globex: Every page is served over HTTPS' }).first().click();
    await colleaguePage.getByTestId('risk-acceptances-empty').waitFor();
    await snapshot(colleaguePage, 'remediation-acceptance-approved-by-colleague');

    // The report now shows the check as accepted and grades without it: the letter rose.
    await analyst.reload();
    await https.locator('[data-outcome="accepted"]').waitFor();
    await overall.waitFor();
    const detail = (await (await user.api(`/api/reports/${reportId}`)).json()) as ReportDetail;
    expect((await overall.textContent())?.trim()).not.toBe(before);
    expect(detail.grades.overall.letter! < detail.gradesWithAcceptedCounted.overall.letter!).toBe(true);
    await snapshot(analyst, 'remediation-acceptance-grade');
  });
});
