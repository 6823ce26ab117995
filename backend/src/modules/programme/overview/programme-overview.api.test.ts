import type { GradeLetter, Grades, ProgrammeOverview, Vendor } from '@vendorwatch/contracts';
import {
  crawlInventories,
  questionnaireRequests,
  remediationRequestChecks,
  remediationRequests,
  riskAcceptances,
  vendorDocuments,
  vendorReviews,
  vendors,
  type WorkspaceId,
} from '@vendorwatch/db';
import { personalWorkspaceOf, seedAssessment } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { csvRecords, pdfPages, sheetRecords, workbookOf } from '../../reports/testing/read-exports';
import { addMember, apiCall, createWorkspace } from '../../workspaces/testing/teams';

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

const gradesOf = (letter: GradeLetter | null): Grades => ({
  method: 'test',
  overall: { letter, score: letter ? 80 : null, checksCounted: letter ? 10 : 0, cappedBy: null },
  categories: [
    {
      category: 'security_headers',
      title: 'Security headers',
      letter,
      score: letter ? 75 : null,
      checksCounted: letter ? 4 : 0,
      cappedBy: null,
    },
  ],
});

/**
 * Where people look (issue 40, item 6): the programme overview's counts on a seeded workspace, the
 * vendor risk profile PDF and the report exports' programme columns, with questionnaires and documents (issue 41) — another workspace's records never
 * counted, its vendor's profile a 404.
 */
describe('the programme overview, the risk profile and the exports (issue 40 §6)', () => {
  let t: TestApp;
  let ana: TestUser;
  let bob: TestUser;
  let anaSpace: WorkspaceId;
  const ids = new Map<string, string>();

  async function vendor(user: TestUser, name: string, tier: number | null, letter: GradeLetter | null | 'none') {
    const created = (await apiCall(user, 'POST', '/api/vendors', { name, url: `https://${name.toLowerCase()}.example` }))
      .body as Vendor;
    const workspaceId = await personalWorkspaceOf(t.database.db, user.id);
    await t.database.db.update(vendors).set({ tier }).where(eq(vendors.id, created.id));
    if (letter !== 'none') {
      const { jobId } = await seedAssessment(t.database.db, {
        userId: user.id,
        vendorId: created.id,
        failing: ['transport.hsts'],
        assessedAt: new Date(),
      });
      await t.database.db
        .insert(crawlInventories)
        .values({ jobId, userId: user.id, workspaceId, vendorId: created.id, grades: gradesOf(letter), vulnerableLibraries: 0 });
    }
    ids.set(name, created.id);
    return { id: created.id, workspaceId };
  }

  const review = (workspaceId: WorkspaceId, vendorId: string, daysAgo: number, grade: string | null, reviewer: string) =>
    t.database.db.insert(vendorReviews).values({
      workspaceId,
      vendorId,
      decision: 'approved_with_conditions',
      notes: 'Headers to fix',
      reviewedAt: daysFromNow(-daysAgo),
      reviewerUserId: reviewer,
      grade,
    });

  async function request(
    workspaceId: WorkspaceId,
    vendorId: string,
    state: 'sent' | 'viewed' | 'responded' | 'closed' | 'cancelled',
    dueInDays: number,
    checkStatus: 'open' | 'claimed_fixed' = 'open',
  ) {
    const [row] = await t.database.db
      .insert(remediationRequests)
      .values({ workspaceId, vendorId, contactEmail: 'sam@vendor.example', dueAt: daysFromNow(dueInDays), state })
      .returning({ id: remediationRequests.id });
    await t.database.db.insert(remediationRequestChecks).values({
      requestId: row!.id,
      workspaceId,
      checkId: 'transport.hsts',
      position: 0,
      title: 'HSTS is enabled',
      status: checkStatus,
    });
  }

  const acceptance = (
    workspaceId: WorkspaceId,
    vendorId: string,
    status: 'pending' | 'approved' | 'rejected' | 'revoked',
    expiresInDays: number,
    decidedBy: string | null = null,
  ) =>
    t.database.db.insert(riskAcceptances).values({
      workspaceId,
      vendorId,
      checkId: 'transport.hsts',
      checkTitle: 'HSTS is enabled',
      justification: `Accepted until the ${status} migration (${expiresInDays} d)`,
      expiresAt: daysFromNow(expiresInDays),
      status,
      decidedByUserId: decidedBy,
      decidedAt: decidedBy ? new Date() : null,
    });

  const questionnaire = (
    workspaceId: WorkspaceId,
    vendorId: string,
    state: 'sent' | 'viewed' | 'in_progress' | 'submitted' | 'reviewed' | 'cancelled',
    dueInDays: number,
  ) =>
    t.database.db.insert(questionnaireRequests).values({
      workspaceId,
      vendorId,
      templateId: 'mvsp-3.0',
      templateName: 'MVSP 3.0',
      sections: [],
      contactEmail: 'sam@vendor.example',
      dueAt: daysFromNow(dueInDays),
      state,
    });

  const document = (workspaceId: WorkspaceId, vendorId: string, validInDays: number) =>
    t.database.db.insert(vendorDocuments).values({
      workspaceId,
      vendorId,
      type: 'soc2_report',
      name: `soc2-${validInDays}.pdf`,
      contentType: 'application/pdf',
      size: 4,
      sha256: '0'.repeat(64),
      content: Buffer.from('%PDF'),
      validUntil: daysFromNow(validInDays).toISOString().slice(0, 10),
    });

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.signUp();
    bob = await t.signUp();

    // Ana's workspace. Tier 1 reviews every 180 days, tier 2 every 365, tier 3 every 730; tier 4 never.
    const acme = await vendor(ana, 'Acme', 1, 'F');
    anaSpace = acme.workspaceId;
    await review(anaSpace, acme.id, 200, 'F', ana.id); // overdue
    const globex = await vendor(ana, 'Globex', 1, 'A');
    await review(anaSpace, globex.id, 160, 'A', ana.id); // due in 20 days: due soon
    await vendor(ana, 'Initech', 2, 'none'); // not reviewed, not assessed
    const hooli = await vendor(ana, 'Hooli', null, 'B');
    await review(anaSpace, hooli.id, 1, 'A', ana.id); // fell from A to B: due now
    const umbrella = await vendor(ana, 'Umbrella', 3, 'C');
    await review(anaSpace, umbrella.id, 1, 'C', ana.id); // up to date
    await vendor(ana, 'Stark', 3, null); // assessed, nothing judged; not reviewed

    await request(anaSpace, acme.id, 'sent', -2); // open, overdue
    await request(anaSpace, acme.id, 'responded', 5, 'claimed_fixed'); // open, awaiting review
    await request(anaSpace, globex.id, 'viewed', 10); // open
    await request(anaSpace, globex.id, 'closed', -5); // not open
    await request(anaSpace, globex.id, 'cancelled', -5); // not open

    await acceptance(anaSpace, acme.id, 'pending', 30);
    await acceptance(anaSpace, umbrella.id, 'approved', 10, ana.id); // active, expiring within 30 days
    await acceptance(anaSpace, umbrella.id, 'approved', 60, ana.id); // active
    await acceptance(anaSpace, umbrella.id, 'approved', -1, ana.id); // expired
    await acceptance(anaSpace, umbrella.id, 'revoked', 60, ana.id);
    await acceptance(anaSpace, globex.id, 'rejected', 60, ana.id);

    await questionnaire(anaSpace, acme.id, 'sent', -3); // open, overdue
    await questionnaire(anaSpace, acme.id, 'in_progress', 7); // open
    await questionnaire(anaSpace, globex.id, 'viewed', 7); // open
    await questionnaire(anaSpace, globex.id, 'submitted', -1); // submitted: neither open nor overdue
    await questionnaire(anaSpace, globex.id, 'reviewed', -9); // done
    await questionnaire(anaSpace, umbrella.id, 'cancelled', -9); // not counted
    await document(anaSpace, acme.id, 10); // expiring
    await document(anaSpace, acme.id, 200); // valid
    await document(anaSpace, globex.id, -2); // expired
    await document(anaSpace, globex.id, -40); // expired

    // Bob's workspace: none of it is Ana's.
    const other = await vendor(bob, 'Elsewhere', 1, 'F');
    await review(other.workspaceId, other.id, 400, 'A', bob.id);
    await request(other.workspaceId, other.id, 'responded', -3);
    await acceptance(other.workspaceId, other.id, 'pending', 10);
    await acceptance(other.workspaceId, other.id, 'approved', 10, bob.id);
    await questionnaire(other.workspaceId, other.id, 'sent', -3);
    await questionnaire(other.workspaceId, other.id, 'submitted', 3);
    await document(other.workspaceId, other.id, 5);
    await document(other.workspaceId, other.id, -5);
    ids.set('Elsewhere', other.id);
  });
  afterAll(() => t.close());

  it("counts the workspace's vendors by tier and grade, its review statuses, requests and acceptances", async () => {
    const { status, body } = await apiCall(ana, 'GET', '/api/programme/overview');
    expect(status).toBe(200);
    const overview = body as ProgrammeOverview;
    const none = { A: 0, B: 0, C: 0, D: 0, F: 0, ungraded: 0 };
    // Umbrella's failing check is accepted: it counts under the grade the vendors list shows, re-graded without it.
    const umbrella = (await apiCall(ana, 'GET', `/api/vendors/${ids.get('Umbrella')!}`)).body as { grade: GradeLetter };
    expect(umbrella.grade).not.toBe('C');
    expect(overview.tiers).toEqual([
      { tier: 1, name: 'Critical', vendors: 2, grades: { ...none, A: 1, F: 1 } },
      { tier: 2, name: 'High', vendors: 1, grades: { ...none, ungraded: 1 } },
      { tier: 3, name: 'Medium', vendors: 2, grades: { ...none, [umbrella.grade]: 1, ungraded: 1 } },
      { tier: 4, name: 'Low', vendors: 0, grades: none },
    ]);
    expect(overview.untiered).toEqual({ vendors: 1, grades: { ...none, B: 1 } });
    expect(overview.reviews).toEqual({ not_reviewed: 2, up_to_date: 1, due_soon: 1, overdue: 1, due_now: 1 });
    expect(overview.remediation).toEqual({ open: 3, overdue: 1, awaitingReview: 1 });
    expect(overview.acceptances).toEqual({ pending: 1, active: 2, expiringWithin30Days: 1 });
    expect(overview.questionnaires).toEqual({ open: 3, overdue: 1, submitted: 1 });
    expect(overview.documents).toEqual({ expiring: 1, expired: 2 });
  });

  it('counts nothing of another workspace, and shows an empty one as zeros with the tier names', async () => {
    const team = await createWorkspace(bob, 'Empty team');
    const response = await bob.api('/api/programme/overview', { headers: { 'x-workspace-id': team.id } });
    expect(response.status).toBe(200);
    const overview = (await response.json()) as ProgrammeOverview;
    expect(overview.tiers.map((tier) => [tier.name, tier.vendors])).toEqual([
      ['Critical', 0],
      ['High', 0],
      ['Medium', 0],
      ['Low', 0],
    ]);
    expect(overview.untiered.vendors).toBe(0);
    expect(overview.remediation).toEqual({ open: 0, overdue: 0, awaitingReview: 0 });
    expect(overview.acceptances).toEqual({ pending: 0, active: 0, expiringWithin30Days: 0 });
    expect(overview.questionnaires).toEqual({ open: 0, overdue: 0, submitted: 0 });
    expect(overview.documents).toEqual({ expiring: 0, expired: 0 });
  });

  it('lets a viewer read the overview and download a profile', async () => {
    const team = await createWorkspace(ana, 'Ana team');
    const viewer = await t.signUp();
    await addMember(t, team.id, viewer, 'viewer');
    const response = await viewer.api('/api/programme/overview', { headers: { 'x-workspace-id': team.id } });
    expect(response.status).toBe(200);
    const created = await ana.api('/api/vendors', {
      method: 'POST',
      json: { name: 'Team vendor', url: 'https://team-vendor.example' },
      headers: { 'x-workspace-id': team.id },
    });
    const { id } = (await created.json()) as Vendor;
    const pdf = await viewer.api(`/api/vendors/${id}/profile.pdf`, { headers: { 'x-workspace-id': team.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it("the risk profile PDF: tier and why, owner, grades, review history, an open request's check and an acceptance", async () => {
    const acme = ids.get('Acme')!;
    await t.database.db
      .update(vendors)
      .set({ tierReason: 'Holds our payroll data', ownerUserId: ana.id, contacts: [{ name: 'Sam', email: 'sam@acme.example' }] })
      .where(eq(vendors.id, acme));
    await acceptance(anaSpace, acme, 'approved', 45, bob.id);
    const response = await ana.api(`/api/vendors/${acme}/profile.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="risk-profile-acme-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pages = await pdfPages(Buffer.from(await response.arrayBuffer()));
    const text = pages.join('\n');
    expect(pages[0]).toContain('Acme');
    expect(text).toContain('https://acme.example');
    expect(text).toMatch(/Tier: 1 · Critical/);
    expect(text).toContain('Holds our payroll data');
    expect(text).toContain(`Owner: ${ana.email}`);
    expect(text).toContain('Sam <sam@acme.example>');
    // The grades the vendor page shows: with the accepted check left out, re-graded.
    const shown = (await apiCall(ana, 'GET', `/api/vendors/${acme}`)).body as { grade: GradeLetter };
    expect(text).toMatch(new RegExp(`Overall\\s+${shown.grade}\\s+[\\d.]+`));
    expect(text).toMatch(/Transport\s+[A-F]\s+[\d.]+/);
    expect(text).toContain('Overdue');
    expect(text).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2}\\s+Approved with conditions\\s+${ana.email.replace('.', '\\.')}\\s+F`));
    expect(text).toContain('HSTS is enabled (transport.hsts)');
    expect(text).toContain('Vendor says fixed');
    expect(text).toContain('Accepted until the approved migration (45 d)');
    expect(text).toContain(`Approved by: ${bob.email}`);
    // The latest questionnaire and the documents with their validity (issue 41).
    expect(text).toContain('Latest questionnaire');
    expect(text).toMatch(/MVSP 3\.0: (In progress|Sent) · due \d{4}-\d{2}-\d{2}/);
    expect(text).toMatch(/SOC 2 report\s+soc2-10\.pdf\s+\d{4}-\d{2}-\d{2}\s+Expiring soon/);
    expect(text).toMatch(/SOC 2 report\s+soc2-200\.pdf\s+\d{4}-\d{2}-\d{2}\s+Valid/);
    // Not open, not active: not in the profile.
    expect(text).not.toContain('pending migration');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it("answers 404 for another workspace's vendor and for an id that names none", async () => {
    expect((await ana.api(`/api/vendors/${ids.get('Elsewhere')!}/profile.pdf`)).status).toBe(404);
    expect((await ana.api('/api/vendors/not-an-id/profile.pdf')).status).toBe(404);
  });

  const exported = async (format: 'pdf' | 'csv' | 'excel') => {
    const response = await ana.api('/api/reports/export', { method: 'POST', json: { format, filters: {} } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('CSV: each vendor row gains tier, review status, next review, open requests and active acceptances', async () => {
    const [header, ...records] = csvRecords(await exported('csv'));
    const at = (name: string) => header.indexOf(name);
    const tier = at('Tier');
    expect(header.slice(tier, tier + 5)).toEqual(['Tier', 'Review status', 'Next review', 'Open requests', 'Active acceptances']);
    const of = (vendor: string) => records.find((record) => record[at('Vendor')] === vendor)!;
    expect(of('Acme')[at('Tier')]).toBe('1 · Critical');
    expect(of('Acme')[at('Review status')]).toBe('Overdue');
    expect(of('Acme')[at('Next review')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(of('Acme')[at('Open requests')]).toBe('2');
    expect(of('Umbrella')[at('Active acceptances')]).toBe('2');
    expect(of('Hooli')[at('Tier')]).toBe('');
    expect(of('Hooli')[at('Review status')]).toBe('Due now');
    // Initech has no assessment: its row of state still carries its programme.
    expect(of('Initech')[at('Tier')]).toBe('2 · High');
    expect(of('Initech')[at('Review status')]).toBe('Not reviewed');
    expect(records.some((record) => record[at('Vendor')] === 'Elsewhere')).toBe(false);
  });

  it('Excel: the Vendors sheet gains the same columns, the next review a date', async () => {
    const workbook = await workbookOf(await exported('excel'));
    const rows = sheetRecords(workbook.getWorksheet('Vendors')!);
    const acme = rows.find((row) => row.Vendor === 'Acme')!;
    expect(acme).toMatchObject({ Tier: '1 · Critical', 'Review status': 'Overdue', 'Open requests': 2, 'Active acceptances': 1 });
    expect(acme['Next review']).toBeInstanceOf(Date);
    expect(rows.find((row) => row.Vendor === 'Globex')).toMatchObject({ 'Review status': 'Due soon', 'Open requests': 1 });
  });

  it("PDF: each vendor's section names its tier, review status, open requests and active acceptances", async () => {
    const text = (await pdfPages(await exported('pdf'))).join('\n');
    expect(text).toMatch(
      /Tier: 1 · Critical · Review: Overdue, next review \d{4}-\d{2}-\d{2} · Open requests: 2 · Active acceptances: \d/,
    );
    expect(text).toMatch(/Tier: none · Review: Due now · Open requests: 0 · Active acceptances: 0/);
  });
});
