import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  type CrawlJob,
  type PortalQuestionnaire,
  type PortalQuestionnairePage,
  type Vendor,
  type VendorListItem,
} from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { startFixtureSite, type FixtureSite } from '../test-support/fixture-site';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { waitFor } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

const CONTACT = 'security@fixture.example';
/** MVSP 2.2 (HTTPS, redirect to HTTPS, HSTS): the fixture site is served over plain HTTP without HSTS. */
const HTTPS_QUESTION = '2.2';

type Question = PortalQuestionnaire['sections'][number]['questions'][number];

/**
 * A questionnaire end to end (issue 41): an analyst crawls the fixture site (plain HTTP, no HSTS) and
 * sends the MVSP questionnaire from the vendor page; the vendor's contact opens the emailed link on a
 * phone without an account, sees answers pre-filled with what the crawl observed, answers "yes" where
 * the check fails (the portal warns), answers the rest and submits; the analyst sees the contradiction
 * flagged with its evidence.
 */
describe('a questionnaire through the vendor link, in a real browser', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: FixtureSite;
  let browser: Browser;
  let analyst: Page;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    site = await startFixtureSite();
    t = await startTestApp({ SMTP_URL: smtp.url, FRONTEND_DIST });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    vendor = await addVendor(user, site, { maxPages: 10, crawlDelay: 500, excludePatterns: ['/drafts/**'] }, 'Fixture Co');
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

  it('sends MVSP, the vendor answers on a phone against the evidence, and the analyst sees the contradiction', async () => {
    // The analyst's crawl: the assessment the questionnaire is pre-filled from.
    const started = await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
    expect(started.status).toBe(201);
    const { id: crawlId } = (await started.json()) as CrawlJob;
    await waitFor(
      async () => {
        const current = (await (await user.api(`/api/vendors/${vendor.id}`)).json()) as VendorListItem;
        return current.lastCrawl?.id === crawlId && current.compliance;
      },
      { what: 'the first assessment', timeoutMs: 180_000, intervalMs: 500 },
    );

    // From the vendor page: Send questionnaire.
    await analyst.goto(`${t.baseUrl}/vendors/${vendor.id}`);
    await analyst.getByTestId('send-questionnaire').click();
    const dialog = analyst.getByRole('dialog');
    await dialog.getByLabel('Contact email').fill(CONTACT);
    await dialog.getByLabel('Due date').fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel('Message').fill('Our annual security review.');
    await dialog.getByTestId('send-questionnaire-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = analyst.getByTestId('vendor-questionnaire').filter({ hasText: CONTACT });
    await row.waitFor();
    await snapshot(analyst, 'questionnaire-analyst-sent');

    // The vendor's contact: the emailed link, on a phone, without an account.
    const mail = await smtp.waitFor((m) => m.to.includes(CONTACT) && m.subject === MESSAGES.questionnaires.emailSubject, 60_000);
    const link = firstLink(mail);
    expect(new URL(link).pathname).toMatch(/^\/vendor-portal\/[A-Za-z0-9_-]+$/);
    const token = new URL(link).pathname.split('/').pop()!;
    const vendorPage = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const calls: string[] = [];
    vendorPage.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) calls.push(pathname);
    });
    await vendorPage.goto(link);
    await vendorPage.getByTestId('portal-workspace').waitFor();
    expect(await vendorPage.getByTestId('portal-vendor').textContent()).toBe('Fixture Co');
    await vendorPage.getByText('Our annual security review.').waitFor();

    // Pre-filled "no" from the crawl, with what it saw.
    const https = vendorPage.locator(`[data-testid="portal-question"][data-question-id="${HTTPS_QUESTION}"]`);
    await https.getByTestId('portal-prefill').waitFor();
    expect(await https.getAttribute('data-answer')).toBe('no');
    expect(await https.getByTestId('portal-prefill').locator('li').count()).toBeGreaterThan(0);
    const overflow = await vendorPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
        .document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);

    // "Yes" where the check fails: the portal warns, with the evidence.
    await https.getByTestId('portal-yes-no').getByText('Yes', { exact: true }).click();
    await https.getByTestId('portal-contradiction').waitFor();
    await vendorPage
      .locator(`[data-testid="portal-question"][data-question-id="${HTTPS_QUESTION}"][data-answer="yes"]`)
      .waitFor();
    await snapshot(vendorPage, 'questionnaire-vendor-contradiction-phone');

    // A few more in the page: the first yes/no questions nothing pre-filled.
    const read = async () => {
      const response = await fetch(`${t.baseUrl}/api/portal/${token}`);
      expect(response.status).toBe(200);
      return (await response.json()) as PortalQuestionnairePage;
    };
    const questions = (page: PortalQuestionnairePage): Question[] =>
      page.questionnaire.sections.flatMap((section) => section.questions);
    const inPage = questions(await read())
      .filter((question) => question.type === 'yes_no' && !question.answer)
      .slice(0, 2);
    expect(inPage).toHaveLength(2);
    for (const question of inPage) {
      const card = vendorPage.locator(`[data-testid="portal-question"][data-question-id="${question.id}"]`);
      await card.getByTestId('portal-yes-no').getByText('Yes', { exact: true }).click();
      await vendorPage.locator(`[data-testid="portal-question"][data-question-id="${question.id}"][data-answer="yes"]`).waitFor();
    }

    // The rest through the portal's API, as the page would save them.
    for (const question of questions(await read()).filter((each) => !each.answer)) {
      const answer = question.type === 'choice' ? question.choices![0]! : question.type === 'text' ? 'See our policy.' : 'yes';
      const saved = await fetch(`${t.baseUrl}/api/portal/${token}/answers/${encodeURIComponent(question.id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answer }),
      });
      expect(saved.status).toBe(200);
    }
    const answered = await read();
    const contradicted = questions(answered).find((question) => question.id === HTTPS_QUESTION)!;
    expect(contradicted.contradiction?.evidence.length).toBeGreaterThan(0);
    const evidence = contradicted.contradiction!.evidence[0]!;

    await vendorPage.reload();
    const all = questions(answered).length;
    await vendorPage.getByTestId('portal-progress').getByText(`${all} of ${all} answered`).waitFor();
    await vendorPage.getByTestId('portal-contradictions-summary').waitFor();
    await vendorPage.getByTestId('portal-submit').click();
    await vendorPage.getByTestId('portal-closed').waitFor();
    await snapshot(vendorPage, 'questionnaire-vendor-submitted-phone');
    // The portal speaks only to the portal's API.
    expect(calls.filter((path) => !path.startsWith('/api/portal/'))).toEqual([]);

    // The analyst: the questionnaire page flags the contradiction with the evidence.
    await analyst.reload();
    await row.getByRole('link').first().click();
    await analyst.getByTestId('questionnaire-detail').waitFor();
    await analyst.getByTestId('questionnaire-contradictions').waitFor();
    const flagged = analyst.locator(
      `[data-testid="questionnaire-answer"][data-question-id="${HTTPS_QUESTION}"][data-contradicted="true"]`,
    );
    await flagged.getByTestId('answer-contradiction').getByText(evidence, { exact: false }).first().waitFor();
    expect(await flagged.getByTestId('answer-value').textContent()).toBe('yes');
    await snapshot(analyst, 'questionnaire-analyst-contradiction');
  }, 600_000);
});
