import { MAX_EVIDENCE_PER_CHECK, vendorListQuerySchema } from '@vendorwatch/contracts';
import { eq, sql } from 'drizzle-orm';
import { complianceAssessments, users } from '../schema';
import {
  buildAssessment,
  createTestDatabase,
  insertCompletedCrawl,
  insertVendor,
  personalWorkspaceOf,
  seedAssessment,
  type TestDatabase,
} from '../testing';
import type { WorkspaceId } from '../workspace-id';
import { ComplianceAssessmentsRepository } from './compliance-assessments.repository';
import { CrawlPagesRepository } from './crawl-pages.repository';
import { ReportsRepository, type OutcomeRow } from './reports.repository';
import { VendorsRepository } from './vendors.repository';

const day = (date: string) => new Date(`${date}T12:00:00Z`);

describe.each(['postgres', 'pglite'] as const)('compliance assessments on %s', (driver) => {
  let database: TestDatabase;
  let assessments: ComplianceAssessmentsRepository;
  let reports: ReportsRepository;
  let vendors: VendorsRepository;
  let userId: string;
  let otherUserId: string;
  /** Alice's personal workspace: where her rows land. */
  let workspaceId: WorkspaceId;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    assessments = new ComplianceAssessmentsRepository(database.db);
    reports = new ReportsRepository(database.db);
    vendors = new VendorsRepository(database.db);
    const [alice, bob] = await database.db
      .insert(users)
      .values([
        { email: `alice-${driver}@example.com`, encryptedPassword: 'x' },
        { email: `bob-${driver}@example.com`, encryptedPassword: 'x' },
      ])
      .returning();
    userId = alice!.id;
    otherUserId = bob!.id;
    workspaceId = await personalWorkspaceOf(database.db, userId);
  });
  afterAll(() => database.drop());

  it('replaces a job’s assessment whole on a second save, keeping its id', async () => {
    const vendor = await insertVendor(database.db, userId, { name: 'Replace Co', url: '', description: '' });
    const { jobId } = await insertCompletedCrawl(database.db, { userId, vendorId: vendor.id });
    const first = buildAssessment({
      jobId,
      workspaceId,
      userId,
      vendorId: vendor.id,
      failing: ['transport.https', 'headers.csp'],
    });
    const { id } = await assessments.save(first);

    const second = buildAssessment({
      jobId,
      workspaceId,
      userId,
      vendorId: vendor.id,
      failing: ['a11y.html-lang'],
      catalogueVersion: '2025.2',
    });
    second.checks = second.checks.slice(0, 5);
    expect(await assessments.save(second)).toEqual({ id });

    const stored = await assessments.find(workspaceId, id);
    expect(stored).toMatchObject({ jobId, catalogueVersion: '2025.2', vendorName: 'Replace Co', failuresCritical: 0 });
    const checks = await assessments.checkResults(id);
    expect(checks.map((check) => check.checkId)).toEqual(second.checks.map((check) => check.checkId));
    const [{ total }] = (await database.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(complianceAssessments)
      .where(eq(complianceAssessments.jobId, jobId))) as [{ total: number }];
    expect(total).toBe(1);
    expect(await assessments.find(await personalWorkspaceOf(database.db, otherUserId), id)).toBeUndefined();
  });

  it('keeps one coherent assessment when saves of one job race', async () => {
    const { jobId } = await insertCompletedCrawl(database.db, { userId, vendorId: null });
    const inputs = Array.from({ length: 5 }, (_, i) => {
      const input = buildAssessment({ jobId, workspaceId, userId, vendorId: null, catalogueVersion: `v${i}` });
      input.checks = input.checks.slice(0, i + 3);
      return input;
    });
    const ids = new Set((await Promise.all(inputs.map((input) => assessments.save(input)))).map((saved) => saved.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const stored = await assessments.find(workspaceId, id!);
    const winner = inputs.find((input) => input.catalogueVersion === stored!.catalogueVersion)!;
    // The check results belong to the same save as the row: never a mix of two.
    expect((await assessments.checkResults(id!)).map((check) => check.checkId)).toEqual(winner.checks.map((c) => c.checkId));
  });

  it('caps stored evidence and the length of what crawled sites wrote', async () => {
    const { jobId } = await insertCompletedCrawl(database.db, { userId, vendorId: null });
    const input = buildAssessment({
      jobId,
      workspaceId,
      userId,
      vendorId: null,
      failing: ['content.broken-links'],
      evidencePerFailure: 3,
    });
    const broken = input.checks.find((check) => check.checkId === 'content.broken-links')!;
    broken.evidence = Array.from({ length: 80 }, (_, i) => ({
      url: `https://v.example/${i}`,
      pageId: null,
      detail: 'x'.repeat(5000),
    }));
    broken.evidenceTotal = 80;
    const { id } = await assessments.save(input);
    const stored = (await assessments.checkResults(id)).find((check) => check.checkId === 'content.broken-links')!;
    expect(stored.evidence).toHaveLength(MAX_EVIDENCE_PER_CHECK);
    expect(stored.evidenceTotal).toBe(80);
    expect(stored.evidence[0]!.detail.length).toBeLessThanOrEqual(1000);
  });

  it('lists, summarises and walks a user’s reports by period and vendor', async () => {
    const acme = await insertVendor(database.db, userId, { name: 'Acme', url: '', description: '' });
    const globex = await insertVendor(database.db, userId, { name: 'Globex', url: '', description: '' });
    const theirs = await insertVendor(database.db, otherUserId, { name: 'Initech', url: '', description: '' });
    await seedAssessment(database.db, { userId, vendorId: acme.id, assessedAt: day('2025-03-01'), rate: 60 });
    await seedAssessment(database.db, { userId, vendorId: acme.id, assessedAt: day('2025-03-05'), rate: 80 });
    const latestAcme = await seedAssessment(database.db, { userId, vendorId: acme.id, assessedAt: day('2025-03-09'), rate: 95 });
    await seedAssessment(database.db, {
      userId,
      vendorId: globex.id,
      assessedAt: day('2025-03-05'),
      rate: 40,
      failing: ['transport.https'],
    });
    await seedAssessment(database.db, { userId: otherUserId, vendorId: theirs.id, assessedAt: day('2025-03-05'), rate: 10 });

    const march = { from: day('2025-03-01'), until: new Date('2025-03-08T00:00:00Z') };
    const listed = await reports.list(workspaceId, { ...march, vendorId: acme.id }, 1, 20);
    expect(listed.total).toBe(2);
    expect(listed.rows.map((row) => row.rate)).toEqual([80, 60]);

    const latest = await reports.vendorStandings(workspaceId, march);
    expect(latest.map(({ vendorName, latest, assessments: n }) => ({ vendorName, rate: latest?.rate, n }))).toEqual([
      { vendorName: 'Acme', rate: 80, n: 2 },
      { vendorName: 'Globex', rate: 40, n: 1 },
      // Every vendor of the owner is in the scope: one without an assessment in the period too.
      { vendorName: 'Replace Co', rate: undefined, n: 0 },
    ]);
    expect(latest[1]!.latest).toMatchObject({ failuresCritical: 1 });

    const trend = await reports.trend(workspaceId, { vendorId: acme.id }, 2);
    expect(trend.map((point) => point.rate)).toEqual([80, 95]);

    // Each user's vendors are in their personal workspace.
    const everyVendor = vendorListQuerySchema.parse({});
    const listedVendors = (await vendors.listPage(acme.workspaceId, everyVendor)).rows;
    expect(listedVendors.find((v) => v.id === acme.id)?.compliance).toMatchObject({
      reportId: latestAcme.reportId,
      rate: 95,
      label: 'Compliant',
    });
    expect((await vendors.listPage(theirs.workspaceId, everyVendor)).rows.map((v) => v.compliance?.rate)).toEqual([10]);
  });

  it('reads a crawl’s pages for assessment in batches, in crawl order, without their main text', async () => {
    const vendor = await insertVendor(database.db, userId, { name: 'Pages Co', url: '', description: '' });
    const pages = Array.from({ length: 7 }, (_, i) => ({ url: `https://pages.example/${i}` }));
    const { jobId, pageIds } = await insertCompletedCrawl(database.db, { userId, vendorId: vendor.id, pages });
    // Pages fetched in the same microsecond and a page read later: the keyset must keep both apart.
    await database.db.execute(sql`update crawl_pages set main_text = repeat('words ', 1000) where job_id = ${jobId}`);
    await database.db.execute(
      sql`update crawl_pages set fetched_at = fetched_at + interval '1 second' where id = ${pageIds[0]!}`,
    );
    const batches: string[][] = [];
    for await (const batch of new CrawlPagesRepository(database.db).assessmentPageBatches(jobId, 3)) {
      for (const row of batch) expect(row).not.toHaveProperty('mainText');
      batches.push(batch.map((row) => row.id));
    }
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
    const inOrder = [...pageIds.slice(1).sort(), pageIds[0]!];
    expect(batches.flat()).toEqual(inOrder);
  });

  it('walks every outcome once in keyset batches, even between assessments a microsecond apart', async () => {
    const vendor = await insertVendor(database.db, userId, { name: 'Batch Co', url: '', description: '' });
    const seeded = [];
    for (let i = 0; i < 4; i++)
      seeded.push(await seedAssessment(database.db, { userId, vendorId: vendor.id, failing: ['headers.csp'] }));
    // Same millisecond, different microseconds: a JS Date cursor would skip or repeat rows here.
    await database.db.execute(
      sql`update ${complianceAssessments} set assessed_at = '2025-04-01 10:00:00.000100+00'::timestamptz + (random() * interval '800 microseconds') where vendor_id = ${vendor.id}`,
    );
    const filters = { vendorId: vendor.id };
    const seen: OutcomeRow[] = [];
    for await (const batch of reports.outcomeBatches(workspaceId, filters, { batchSize: 7, evidenceLimit: 1 }))
      seen.push(...batch);
    const expected = seeded.length * seeded[0]!.input.checks.length;
    expect(seen).toHaveLength(expected);
    expect(new Set(seen.map((row) => `${row.assessmentId}:${row.position}`)).size).toBe(expected);
    expect(seen.every((row) => row.evidence.length <= 1)).toBe(true);
    expect(seen.find((row) => row.checkId === 'headers.csp')).toMatchObject({ outcome: 'fail', evidenceTotal: 2 });

    const failures: OutcomeRow[] = [];
    for await (const batch of reports.outcomeBatches(workspaceId, filters, {
      batchSize: 3,
      evidenceLimit: 10,
      outcomes: ['fail'],
    }))
      failures.push(...batch);
    expect(failures.map((row) => row.checkId)).toEqual(Array(seeded.length).fill('headers.csp'));
    expect(failures[0]!.evidence).toHaveLength(2);

    const walked: string[] = [];
    for await (const batch of reports.assessmentBatches(workspaceId, filters, 3)) walked.push(...batch.map((row) => row.id));
    expect(walked.sort()).toEqual(seeded.map((s) => s.reportId).sort());
  });
});
