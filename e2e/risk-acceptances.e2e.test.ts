import type { ReportDetail } from '@vendorwatch/contracts';
import { seedAssessment } from '@vendorwatch/db/testing';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { shareWorkspace, type SharedWorkspace } from '../backend/src/modules/workspaces/testing/shared-workspace';
import { addMember } from '../backend/src/modules/workspaces/testing/teams';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

const PHONE = { width: 390, height: 844 };
const JUSTIFICATION = 'Legacy host behind the WAF until it moves in March';

/**
 * Issue 40, item 4, as people do it: an editor asks, on a phone, to accept a failing check from the
 * report; a colleague (an admin) approves it on the Risk acceptances screen; the report then shows the
 * check as accepted with its expiry and the grade rises.
 */
describe('accepted risks, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let team: SharedWorkspace;
  let editor: TestUser;
  let admin: TestUser;
  let reportId: string;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    team = await shareWorkspace(t);
    [editor, admin] = [await t.signUp(), await t.signUp()];
    await addMember(t, team.id, editor, 'editor');
    await addMember(t, team.id, admin, 'admin');
    const vendor = await team.addVendor('Legacy');
    ({ reportId } = await seedAssessment(t.database.db, {
      workspaceId: team.id,
      userId: team.owner.id,
      vendorId: vendor.id,
      failing: ['transport.https', 'transport.hsts'],
    }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Signed in and switched to the team's workspace. */
  async function inTeam(who: TestUser, viewport: { width: number; height: number }): Promise<Page> {
    const page = await openPage(browser, { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    await signInThroughUi(page, t.baseUrl, who.email, who.password);
    await page.getByTestId('workspace-switcher').click();
    await page.getByTestId('workspace-option').filter({ hasText: 'Shared team' }).click();
    return page;
  }

  const overallGrade = async () => {
    const answer = await team.call(team.owner, 'GET', `/api/reports/${reportId}`);
    return (answer.body as ReportDetail).grades.overall;
  };

  it('an editor asks on a phone, an admin approves, and the report shows the check accepted with a better grade', async () => {
    const before = await overallGrade();

    const asEditor = await inTeam(editor, PHONE);
    await asEditor.goto(`${t.baseUrl}/reports/${reportId}`);
    const https = asEditor.locator('[data-testid="report-check"][data-check-id="transport.https"]');
    await https.getByTestId('accept-risk').click();
    const dialog = asEditor.getByRole('dialog');
    await dialog.getByText(/at most 365 days/).waitFor();
    await dialog.getByLabel(/Justification/).fill(JUSTIFICATION);
    const expiry = dialog.getByTestId('accept-risk-expiry');
    const max = await expiry.getAttribute('max');
    await expiry.fill(max!);
    await snapshot(asEditor, 'accept-risk-390');
    await dialog.getByTestId('accept-risk-submit').click();
    await asEditor.getByText('Acceptance requested: an admin or owner must approve it').waitFor();
    expect(await asEditor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await asEditor.close();

    const asAdmin = await inTeam(admin, { width: 1366, height: 900 });
    await asAdmin.getByRole('link', { name: 'Risk acceptances' }).click();
    const row = asAdmin.getByTestId('risk-acceptance-row').filter({ hasText: JUSTIFICATION });
    await row.getByRole('button', { name: /^Approve/ }).click();
    await asAdmin.getByText('Acceptance approved').waitFor();
    await asAdmin.getByTestId('risk-acceptance-filter').getByText('Active', { exact: true }).click();
    await asAdmin.getByTestId('risk-acceptance-row').filter({ hasText: JUSTIFICATION }).waitFor();

    await asAdmin.goto(`${t.baseUrl}/reports/${reportId}`);
    const accepted = asAdmin.locator('[data-testid="report-check"][data-check-id="transport.https"]');
    await accepted.getByTestId('accepted-until').waitFor();
    await asAdmin.getByTestId('report-accepted-note').waitFor();
    await snapshot(asAdmin, 'report-accepted-1366');
    await asAdmin.close();

    const after = await overallGrade();
    expect(after.score!).toBeGreaterThan(before.score!);
    expect(after.letter! < before.letter!).toBe(true);
  });
});
