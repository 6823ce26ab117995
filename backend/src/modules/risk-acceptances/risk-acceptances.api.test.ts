import type { ReportDetail, RiskAcceptance } from '@vendorwatch/contracts';
import { RiskAcceptancesRepository, riskAcceptances, vendors } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { WORKSPACE_HEADER } from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { CSV_COLUMNS } from '../reports/exports/csv-exporter';
import { csvRecords, pdfPages, sheetRecords, workbookOf } from '../reports/testing/read-exports';
import { shareWorkspace, type SharedWorkspace } from '../workspaces/testing/shared-workspace';
import { addMember, expectRefused, roleTooLow } from '../workspaces/testing/teams';

const DAY_MS = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
/** A critical check (HTTPS): its failure caps the overall letter, so accepting it raises the grade. */
const HTTPS = 'transport.https';
const HSTS = 'transport.hsts';

/**
 * Issue 40, item 4, on PostgreSQL: an editor asks to accept a failing check, an admin or owner other
 * than the requester decides; while approved and unexpired the report shows the check as accepted
 * and grades without it; from its expiry (computed when read) it counts again.
 */
describe('risk acceptances', () => {
  let t: TestApp;
  let team: SharedWorkspace;
  let editor: TestUser;
  let admin: TestUser;
  let vendorId: string;
  let reportId: string;

  const report = async () => {
    const answer = await team.call(team.owner, 'GET', `/api/reports/${reportId}`);
    expect(answer.status).toBe(200);
    return answer.body as ReportDetail;
  };
  const checkOf = (detail: ReportDetail, checkId: string) => detail.checks.find((check) => check.checkId === checkId)!;
  const ask = (who: TestUser, checkId: string, expiresAt = inDays(30), justification = 'Legacy host, replaced next quarter') =>
    team.call(who, 'POST', `/api/vendors/${vendorId}/risk-acceptances`, { checkId, justification, expiresAt });

  /** The report exported from its page, as bytes. */
  const exported = async (format: 'csv' | 'pdf' | 'excel') => {
    const response = await team.owner.api(`/api/reports/${reportId}/export`, {
      method: 'POST',
      json: { format },
      headers: { [WORKSPACE_HEADER]: team.id },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    t = await startTestApp();
    team = await shareWorkspace(t);
    [editor, admin] = [await t.signUp(), await t.signUp()];
    await addMember(t, team.id, editor, 'editor');
    await addMember(t, team.id, admin, 'admin');
    vendorId = (await team.addVendor('Legacy')).id;
    // Tier 1 (Critical): acceptances up to 90 days by default.
    await t.database.db.update(vendors).set({ tier: 1 }).where(eq(vendors.id, vendorId));
    ({ reportId } = await seedAssessment(t.database.db, {
      workspaceId: team.id,
      userId: team.owner.id,
      vendorId,
      failing: [HTTPS, HSTS],
    }));
  }, 120_000);
  afterAll(() => t?.close());

  let editorsRequest: RiskAcceptance;

  it('takes an editor’s request for a failing check as pending, and refuses what breaks the rules with a clear 400 or 409', async () => {
    const beyond = await ask(editor, HTTPS, inDays(120));
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toMatch(/at most 90 days/);

    const passing = await ask(editor, 'transport.mixed-content');
    expectRefused(passing, 400, "Only a check that fails or warns in the vendor's latest assessment can be accepted");

    const past = await ask(editor, HTTPS, inDays(-1));
    expect(past.status).toBe(400);
    const blank = await ask(editor, HTTPS, inDays(30), '   ');
    expect(blank.status).toBe(400);
    const tooLong = await ask(editor, HTTPS, inDays(30), 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);

    const viewer = await ask(team.viewer, HTTPS);
    expectRefused(viewer, 403, roleTooLow('viewer', 'editor'));

    const created = await ask(editor, HTTPS, inDays(89));
    expect(created.status).toBe(201);
    editorsRequest = created.body as RiskAcceptance;
    expect(editorsRequest).toMatchObject({
      state: 'pending',
      vendorId,
      checkId: HTTPS,
      checkTitle: 'Every page is served over HTTPS',
      requestedByUserId: editor.id,
      justification: 'Legacy host, replaced next quarter',
    });

    expectRefused(await ask(admin, HTTPS), 409, 'This check already has a pending or active acceptance');
    // Pending changes nothing yet.
    expect(checkOf(await report(), HTTPS).outcome).toBe('fail');
  });

  it('refuses self-approval and an editor’s approval', async () => {
    const own = await ask(admin, HSTS);
    expect(own.status).toBe(201);
    expectRefused(
      await team.call(admin, 'POST', `/api/risk-acceptances/${own.body.id}/approve`, {}),
      403,
      'You asked for this acceptance: another admin or owner must approve or reject it',
    );
    expectRefused(
      await team.call(editor, 'POST', `/api/risk-acceptances/${editorsRequest.id}/approve`, {}),
      403,
      roleTooLow('editor', 'admin'),
    );
    // Another admin rejects the admin's own request; a rejected one cannot be approved afterwards.
    const rejected = await team.call(team.owner, 'POST', `/api/risk-acceptances/${own.body.id}/reject`, { note: 'Fix HSTS' });
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected', decisionNote: 'Fix HSTS' } });
    expect((await team.call(editor, 'POST', `/api/risk-acceptances/${own.body.id}/approve`, {})).status).toBe(403);
    expect((await team.call(team.owner, 'POST', `/api/risk-acceptances/${own.body.id}/approve`, {})).status).toBe(409);
  });

  it('once another admin approves, shows the check as accepted and grades without it, the old grade kept beside', async () => {
    const before = await report();
    expect(before.acceptedChecks).toBe(0);

    const approved = await team.call(admin, 'POST', `/api/risk-acceptances/${editorsRequest.id}/approve`, {
      note: 'Until the migration',
    });
    expect(approved).toMatchObject({ status: 200, body: { state: 'approved', decidedByUserId: admin.id } });

    const after = await report();
    expect(checkOf(after, HTTPS)).toMatchObject({
      outcome: 'accepted',
      assessedOutcome: 'fail',
      acceptance: {
        id: editorsRequest.id,
        justification: 'Legacy host, replaced next quarter',
        expiresAt: editorsRequest.expiresAt,
      },
    });
    expect(checkOf(after, HSTS).outcome).toBe('fail');
    expect(after.acceptedChecks).toBe(1);
    expect(after.counts.fail).toBe(before.counts.fail - 1);
    expect(after.gradesWithAcceptedCounted).toEqual(before.grades);
    expect(after.grades.overall.score!).toBeGreaterThan(before.grades.overall.score!);
    expect(after.grades.overall.letter! < before.grades.overall.letter!).toBe(true); // 'A' < 'F': the letter rose
    expect(after.grades.overall.checksCounted).toBe(before.grades.overall.checksCounted - 1);

    // Every reader agrees: the vendor's page and the vendors list show the grade and rate without the accepted check.
    const listed = await team.call(team.viewer, 'GET', `/api/vendors/${vendorId}`);
    expect(listed.body).toMatchObject({ grade: after.grades.overall.letter, rate: after.rate });
    const page = await team.call(team.viewer, 'GET', '/api/vendors');
    expect(page.body.items.find((item: { id: string }) => item.id === vendorId)).toMatchObject({
      grade: after.grades.overall.letter,
    });
    // The list filters and sorts by the grade it shows: the accepted one, not the one assessed.
    acceptedLetter = after.grades.overall.letter!;
    expect(await listedWithGrade(acceptedLetter)).toEqual([vendorId]);
    expect(await listedWithGrade(before.grades.overall.letter!)).toEqual([]);

    // The exports say it too: Accepted, until when and why, in the CSV, the workbook and the PDF.
    const [header, ...rows] = csvRecords(await exported('csv'));
    const https = rows.find((row) => row[header!.indexOf('Check ID')] === HTTPS)!;
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(https[header!.indexOf('Outcome')]).toBe('Accepted');
    expect(https[header!.indexOf('Accepted until')]).toBe(editorsRequest.expiresAt);
    expect(https[header!.indexOf('Acceptance justification')]).toBe('Legacy host, replaced next quarter');
    const workbook = await workbookOf(await exported('excel'));
    const results = sheetRecords(workbook.getWorksheet('Check results')!);
    expect(results.find((row) => row['Check ID'] === HTTPS)).toMatchObject({
      Outcome: 'Accepted',
      'Acceptance justification': 'Legacy host, replaced next quarter',
    });
    const pdf = (await pdfPages(await exported('pdf'))).join('\n');
    expect(pdf).toMatch(/Accepted risks \(1\)/);
    expect(pdf).toMatch(/Accepted until .*: Legacy host, replaced next quarter/);

    const counts = await new RiskAcceptancesRepository(t.database.db).counts(team.id, new Date(), 30);
    expect(counts).toEqual({ pending: 0, active: 1, expiringSoon: 0 });

    const active = await team.call(team.viewer, 'GET', '/api/risk-acceptances?state=active');
    expect(active.body.items.map((item: RiskAcceptance) => item.id)).toEqual([editorsRequest.id]);
    const forVendor = await team.call(team.viewer, 'GET', `/api/vendors/${vendorId}/risk-acceptances`);
    expect(forVendor.body.maxAcceptanceDays).toBe(90);
    expect(forVendor.body.items).toHaveLength(2);
  });

  let acceptedLetter: string;
  /** The vendors the list shows with this grade (filtered by it, and sorted by grade, rate and label). */
  const listedWithGrade = async (grade: string) => {
    const ids = new Set<string>();
    for (const sort of ['grade', 'rate', 'label']) {
      const listed = await team.call(team.viewer, 'GET', `/api/vendors?grade=${grade}&sort=${sort}`);
      expect(listed.status).toBe(200);
      for (const item of listed.body.items as { id: string }[]) ids.add(item.id);
    }
    return [...ids];
  };

  it('counts the check again from its expiry, and reads the acceptance as expired', async () => {
    await t.database.db
      .update(riskAcceptances)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(riskAcceptances.id, editorsRequest.id));
    const detail = await report();
    expect(checkOf(detail, HTTPS)).toMatchObject({ outcome: 'fail' });
    expect((await team.call(team.viewer, 'GET', `/api/vendors/${vendorId}`)).body.rate).toBe(detail.rate);
    expect(checkOf(detail, HTTPS).acceptance).toBeUndefined();
    expect(detail.grades).toEqual(detail.gradesWithAcceptedCounted);
    expect(await listedWithGrade(acceptedLetter)).toEqual([]);
    expect((await team.call(team.owner, 'GET', `/api/risk-acceptances/${editorsRequest.id}`)).body.state).toBe('expired');
    const expired = await team.call(team.owner, 'GET', '/api/risk-acceptances?state=expired');
    expect(expired.body.items.map((item: RiskAcceptance) => item.id)).toEqual([editorsRequest.id]);
    expect((await team.call(team.owner, 'GET', '/api/risk-acceptances?state=active')).body.total).toBe(0);
    // An expired one is not open: the check may be asked for again.
    expect((await ask(editor, HTTPS)).status).toBe(201);
  });

  it('lets the requester or an admin revoke, not another editor; revoked counts again', async () => {
    const pending = (await team.call(team.owner, 'GET', '/api/risk-acceptances?state=pending')).body.items as RiskAcceptance[];
    const again = pending.find((item) => item.checkId === HTTPS)!;
    await team.call(team.owner, 'POST', `/api/risk-acceptances/${again.id}/approve`, {});
    expect(checkOf(await report(), HTTPS).outcome).toBe('accepted');

    const otherEditor = await t.signUp();
    await addMember(t, team.id, otherEditor, 'editor');
    expectRefused(
      await team.call(otherEditor, 'POST', `/api/risk-acceptances/${again.id}/revoke`, {}),
      403,
      'Only an admin or owner, or the person who asked for it, may revoke an acceptance',
    );
    const revoked = await team.call(editor, 'POST', `/api/risk-acceptances/${again.id}/revoke`, { note: 'Fixed sooner' });
    expect(revoked).toMatchObject({
      status: 200,
      body: { state: 'revoked', revokeNote: 'Fixed sooner', revokedByUserId: editor.id },
    });
    expect(checkOf(await report(), HTTPS).outcome).toBe('fail');
    expect((await team.call(admin, 'POST', `/api/risk-acceptances/${again.id}/revoke`, {})).status).toBe(409);
  });

  it("answers 404 for another workspace's acceptance and vendor", async () => {
    const any = (await team.call(team.owner, 'GET', '/api/risk-acceptances')).body.items[0] as RiskAcceptance;
    expect((await team.outside('GET', `/api/risk-acceptances/${any.id}`)).status).toBe(404);
    expect((await team.outside('POST', `/api/risk-acceptances/${any.id}/approve`, {})).status).toBe(404);
    expect((await team.outside('POST', `/api/risk-acceptances/${any.id}/revoke`, {})).status).toBe(404);
    expect((await team.outside('GET', `/api/vendors/${vendorId}/risk-acceptances`)).status).toBe(404);
    expect(
      (
        await team.outside('POST', `/api/vendors/${vendorId}/risk-acceptances`, {
          checkId: HTTPS,
          justification: 'x',
          expiresAt: inDays(5),
        })
      ).status,
    ).toBe(404);
    expect((await team.outside('GET', '/api/risk-acceptances')).body.total).toBe(0);
  });

  it('audits every request, approval, rejection and revocation', async () => {
    expect(await team.audited('risk_acceptance.request')).toHaveLength(3);
    const approvals = await team.audited('risk_acceptance.approve');
    expect(approvals).toHaveLength(2);
    expect(approvals.at(-1)).toMatchObject({
      actorId: admin.id,
      targetType: 'risk_acceptance',
      targetId: editorsRequest.id,
      targetName: 'Legacy: Every page is served over HTTPS',
      summary: expect.objectContaining({ note: 'Until the migration' }),
    });
    expect(await team.audited('risk_acceptance.reject')).toHaveLength(1);
    expect(await team.audited('risk_acceptance.revoke')).toHaveLength(1);
  });
});
