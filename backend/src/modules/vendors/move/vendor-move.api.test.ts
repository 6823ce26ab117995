import { MESSAGES, type Vendor, type VendorListPage, type Workspace } from '@vendorwatch/contracts';
import {
  complianceAssessments,
  crawlerSettings,
  crawlInventories,
  crawlJobs,
  crawlPages,
  questionnaireAnswers,
  questionnaireRequests,
  remediationEvents,
  remediationRequestChecks,
  remediationRequests,
  riskAcceptances,
  vendorDocuments,
  vendorLinkReminders,
  vendorLinks,
  vendorSchedules,
  type WorkspaceId,
} from '@vendorwatch/db';
import { personalWorkspaceOf, seedAssessment } from '@vendorwatch/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import {
  addMember,
  apiCall,
  auditEntries,
  createApiKey,
  createWorkspace,
  expectRefused,
  keyCall,
  roleTooLow,
} from '../../workspaces/testing/teams';

describe('POST /api/vendors/move', () => {
  let t: TestApp;
  let olga: TestUser;
  let team: Workspace;
  let home: WorkspaceId;

  const inTeam = { 'x-workspace-id': '' };
  const add = async (user: TestUser, name: string, headers: Record<string, string> = {}) =>
    (
      await apiCall(
        user,
        'POST',
        '/api/vendors',
        { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example/` },
        headers,
      )
    ).body as Vendor;
  const names = async (user: TestUser, headers: Record<string, string> = {}) =>
    ((await apiCall(user, 'GET', '/api/vendors?sort=name', undefined, headers)).body as VendorListPage).items.map((v) => v.name);

  beforeAll(async () => {
    t = await startTestApp();
    olga = await t.signUp();
    team = await createWorkspace(olga, 'Risk team');
    inTeam['x-workspace-id'] = team.id;
    home = await personalWorkspaceOf(t.database.db, olga.id);
  });
  afterAll(() => t.close());

  it('moves vendors with their crawls, pages, assessments, inventories, settings and schedules, audited in both workspaces', async () => {
    const acme = await add(olga, 'Acme');
    const globex = await add(olga, 'Globex');
    const stays = await add(olga, 'Stays');
    const { jobId, reportId } = await seedAssessment(t.database.db, {
      userId: olga.id,
      vendorId: acme.id,
      pages: [{ url: 'https://acme.example/' }],
    });
    await t.database.db.insert(crawlInventories).values({
      jobId,
      userId: olga.id,
      workspaceId: home,
      vendorId: acme.id,
      grades: { method: 'test', overall: { letter: 'B', score: 85, checksCounted: 5, cappedBy: null }, categories: [] },
    });
    expect(
      (
        await apiCall(olga, 'PUT', `/api/vendors/${acme.id}/crawler-settings`, {
          maxPages: 7,
          crawlDelay: 1000,
          startUrls: ['https://acme.example/'],
        })
      ).status,
    ).toBe(200);
    const schedule = await apiCall(olga, 'PUT', `/api/vendors/${acme.id}/schedule`, {
      kind: 'daily',
      time: '06:00',
      timezone: 'UTC',
    });
    expect(schedule.status).toBe(200);

    const answer = await apiCall(olga, 'POST', '/api/vendors/move', { vendorIds: [acme.id, globex.id], toWorkspaceId: team.id });
    expect(answer).toEqual({ status: 200, body: { moved: 2 } });

    expect(await names(olga)).toEqual(['Stays']);
    expect(await names(olga, inTeam)).toEqual(['Acme', 'Globex']);
    // The vendor arrives with its grade, its report, its settings and its schedule.
    const [moved] = ((await apiCall(olga, 'GET', '/api/vendors?q=Acme', undefined, inTeam)).body as VendorListPage).items;
    expect(moved).toMatchObject({ grade: 'B', compliance: { reportId }, lastCrawl: { state: 'completed' } });
    expect((await apiCall(olga, 'GET', `/api/reports/${reportId}`, undefined, inTeam)).status).toBe(200);
    expect((await apiCall(olga, 'GET', `/api/reports/${reportId}`)).status).toBe(404);
    expect((await apiCall(olga, 'GET', `/api/vendors/${acme.id}/crawler-settings`, undefined, inTeam)).body).toMatchObject({
      maxPages: 7,
    });
    expect((await apiCall(olga, 'GET', `/api/vendors/${acme.id}/schedule`, undefined, inTeam)).body).toMatchObject({
      kind: 'daily',
    });
    for (const table of [crawlJobs, crawlPages, complianceAssessments, crawlInventories, crawlerSettings, vendorSchedules]) {
      const rows = await t.database.db.select({ workspaceId: table.workspaceId }).from(table).where(eq(table.vendorId, acme.id));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.workspaceId === team.id)).toBe(true);
    }
    expect(
      await t.database.db
        .select()
        .from(crawlJobs)
        .where(inArray(crawlJobs.vendorId, [stays.id])),
    ).toEqual([]);

    const [left] = await auditEntries(olga, home, 'vendor.move');
    const [joined] = await auditEntries(olga, team.id, 'vendor.move');
    for (const entry of [left, joined]) {
      expect(entry).toMatchObject({
        actorType: 'user',
        actorId: olga.id,
        targetType: 'vendor',
        summary: { names: ['Acme', 'Globex'], fromWorkspaceId: home, toWorkspaceId: team.id },
      });
    }
  });

  it("takes the vendor's programme records along: remediation and questionnaire requests, documents, risk acceptances, links", async () => {
    const vendor = await add(olga, 'Programme Co');
    await seedAssessment(t.database.db, { userId: olga.id, vendorId: vendor.id, failing: ['transport.https'] });
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();
    const remediation = await apiCall(olga, 'POST', `/api/vendors/${vendor.id}/remediation-requests`, {
      checkIds: ['transport.https'],
      contactEmail: 'security@programme.example',
      dueAt: inDays(14),
    });
    expect(remediation.status).toBe(201);
    const questionnaire = await apiCall(olga, 'POST', `/api/vendors/${vendor.id}/questionnaires`, {
      templateId: 'mvsp-3.0',
      contactEmail: 'security@programme.example',
      dueAt: inDays(14),
    });
    expect(questionnaire.status).toBe(201);
    const acceptance = await apiCall(olga, 'POST', `/api/vendors/${vendor.id}/risk-acceptances`, {
      checkId: 'transport.https',
      justification: 'Legacy host, replaced next quarter',
      expiresAt: inDays(30),
    });
    expect(acceptance.status).toBe(201);
    await t.database.db.insert(vendorDocuments).values({
      workspaceId: home,
      vendorId: vendor.id,
      type: 'soc2_report',
      name: 'soc2.pdf',
      contentType: 'application/pdf',
      size: 4,
      sha256: '0'.repeat(64),
      content: Buffer.from('%PDF'),
      validUntil: inDays(200).slice(0, 10),
    });
    const requestIds = [remediation.body.id as string, questionnaire.body.id as string];
    await t.database.db.insert(vendorLinkReminders).values({
      workspaceId: home,
      kind: 'remediation',
      subjectId: requestIds[0]!,
      reminder: 'due_soon',
    });

    const answer = await apiCall(olga, 'POST', '/api/vendors/move', { vendorIds: [vendor.id], toWorkspaceId: team.id });
    expect(answer).toEqual({ status: 200, body: { moved: 1 } });

    // Each opens in the workspace the vendor joined, and no longer in the one it left.
    for (const path of [
      `/api/remediation-requests/${requestIds[0]}`,
      `/api/questionnaires/${requestIds[1]}`,
      `/api/risk-acceptances/${acceptance.body.id}`,
    ]) {
      expect({ path, status: (await apiCall(olga, 'GET', path, undefined, inTeam)).status }).toEqual({ path, status: 200 });
      expect({ path, status: (await apiCall(olga, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
    const documents = await apiCall(olga, 'GET', `/api/vendors/${vendor.id}/documents`, undefined, inTeam);
    expect(documents.status).toBe(200);
    expect(JSON.stringify(documents.body)).toContain('soc2.pdf');

    // Every row of them, down to a request's checks, events, answers, link and reminders.
    const rows = async (table: typeof remediationRequestChecks | typeof remediationEvents | typeof questionnaireAnswers) =>
      t.database.db.select({ workspaceId: table.workspaceId }).from(table).where(inArray(table.requestId, requestIds));
    const byVendor = [remediationRequests, questionnaireRequests, vendorDocuments, riskAcceptances, vendorLinks] as const;
    const everyRow = [
      ...(await Promise.all(
        byVendor.map((table) =>
          t.database.db.select({ workspaceId: table.workspaceId }).from(table).where(eq(table.vendorId, vendor.id)),
        ),
      )),
      ...(await Promise.all([remediationRequestChecks, remediationEvents, questionnaireAnswers].map(rows))),
      await t.database.db
        .select({ workspaceId: vendorLinkReminders.workspaceId })
        .from(vendorLinkReminders)
        .where(inArray(vendorLinkReminders.subjectId, requestIds)),
    ];
    for (const found of everyRow) {
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((row) => row.workspaceId === team.id)).toBe(true);
    }
  });

  it('refuses unless the caller is admin or owner of both workspaces (403), and moves nothing', async () => {
    const editor = await t.signUp();
    const adminHere = await t.signUp();
    await addMember(t, team.id, editor, 'editor');
    const mine = await add(editor, 'Editors Co');
    // Editor in the destination: refused.
    expectRefused(
      await apiCall(editor, 'POST', '/api/vendors/move', { vendorIds: [mine.id], toWorkspaceId: team.id }),
      403,
      MESSAGES.vendorList.moveNotAdmin,
    );
    // Editor in the source: refused by the guard.
    const teamVendor = await add(olga, 'Team Co', inTeam);
    const own = await personalWorkspaceOf(t.database.db, editor.id);
    expectRefused(
      await apiCall(editor, 'POST', '/api/vendors/move', { vendorIds: [teamVendor.id], toWorkspaceId: own }, inTeam),
      403,
      roleTooLow('editor', 'admin'),
    );
    // Not a member of the destination at all.
    expectRefused(
      await apiCall(adminHere, 'POST', '/api/vendors/move', {
        vendorIds: [(await add(adminHere, 'Solo')).id],
        toWorkspaceId: team.id,
      }),
      403,
      MESSAGES.access.notMember,
    );
    // An API key acts in its own workspace only.
    const key = await createApiKey(olga, team.id, 'admin');
    expectRefused(
      await keyCall(t, key, 'POST', '/api/vendors/move', { vendorIds: [teamVendor.id], toWorkspaceId: home }),
      403,
      MESSAGES.vendorList.moveByKey,
    );
    expect(await names(editor)).toEqual(['Editors Co']);
    expect(await names(olga, inTeam)).toContain('Team Co');
  });

  it("moves nothing when one vendor is not the source workspace's (404) or is being crawled (409)", async () => {
    const mine = await add(olga, 'Mine Co');
    const stranger = await t.signUp();
    const theirs = await add(stranger, 'Theirs Co');
    expectRefused(
      await apiCall(olga, 'POST', '/api/vendors/move', { vendorIds: [mine.id, theirs.id], toWorkspaceId: team.id }),
      404,
      MESSAGES.vendors.notFound,
    );
    await t.database.db
      .insert(crawlJobs)
      .values({ userId: olga.id, workspaceId: home, vendorId: mine.id, method: 'http', status: 'running', targetUrl: mine.url });
    expectRefused(
      await apiCall(olga, 'POST', '/api/vendors/move', { vendorIds: [mine.id], toWorkspaceId: team.id }),
      409,
      'Wait for the running crawl of Mine Co to end before moving it',
    );
    expect(await names(olga)).toContain('Mine Co');
    expect(await names(stranger)).toEqual(['Theirs Co']);
  });

  it.each([
    [{ vendorIds: [], toWorkspaceId: '00000000-0000-4000-8000-000000000000' }, MESSAGES.vendorList.moveNeedsVendors],
    [{ vendorIds: ['nope'], toWorkspaceId: '00000000-0000-4000-8000-000000000000' }, MESSAGES.vendors.notFound],
    [{ vendorIds: ['00000000-0000-4000-8000-000000000000'] }, MESSAGES.access.notMember],
  ])('refuses %j with 400', async (body, message) => {
    expectRefused(await apiCall(olga, 'POST', '/api/vendors/move', body), 400, message);
  });

  it('refuses a move into the same workspace', async () => {
    const vendor = await add(olga, 'Same Co');
    expectRefused(
      await apiCall(olga, 'POST', '/api/vendors/move', { vendorIds: [vendor.id], toWorkspaceId: home }),
      400,
      MESSAGES.vendorList.moveSameWorkspace,
    );
  });
});
