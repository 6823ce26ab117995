import {
  CHECK_GROUP_TITLES,
  REPORT_CHECK_OUTCOME_LABELS,
  CHECK_SEVERITY_LABELS,
  formatMessage,
  MESSAGES,
  type Paginated,
  type ReportDetail,
  type ReportsOverview,
  type ReportSummary,
  type Vendor,
  type VendorListPage,
} from '@vendorwatch/contracts';
import { seedAssessment } from '@vendorwatch/db/testing';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused, roleTooLow } from '../workspaces/testing/teams';
import { CSV_COLUMNS } from './exports/csv-exporter';

const day = (date: string, time = '12:00:00') => new Date(`${date}T${time}Z`);
const FILENAME = /^attachment; filename="report-\d{4}-\d{2}-\d{2}T\d{6}Z\.(pdf|csv|xlsx)"$/;

describe('reports API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let acme: Vendor;
  let globex: Vendor;
  let initech: Vendor;
  const reports: Record<string, string> = {};

  const vendorOf = async (user: TestUser, name: string) =>
    (await (
      await user.api('/api/vendors', {
        method: 'POST',
        json: { name, url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example/` },
      })
    ).json()) as Vendor;
  const getJson = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await user.api(url);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const exportFile = (user: TestUser, body: unknown) => user.api('/api/reports/export', { method: 'POST', json: body });

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    acme = await vendorOf(alice, 'Acme');
    globex = await vendorOf(alice, 'Globex');
    initech = await vendorOf(bob, 'Initech');
    const seed = async (key: string, options: Parameters<typeof seedAssessment>[1]) => {
      reports[key] = (await seedAssessment(t.database.db, options)).reportId;
    };
    const acmeBase = { userId: alice.id, vendorId: acme.id, targetUrl: 'https://acme.example/' };
    await seed('acme1', {
      ...acmeBase,
      assessedAt: day('2025-03-01'),
      rate: 60,
      failing: ['transport.https', 'headers.csp'],
      pagesChecked: 10,
    });
    await seed('acme2', {
      ...acmeBase,
      assessedAt: day('2025-03-05', '08:00:00'),
      rate: 80,
      failing: ['headers.csp'],
      pagesChecked: 11,
    });
    await seed('acme3', { ...acmeBase, assessedAt: day('2025-03-09'), rate: 95, pagesChecked: 12 });
    await seed('globex1', {
      userId: alice.id,
      vendorId: globex.id,
      targetUrl: 'https://globex.example/',
      assessedAt: day('2025-03-05', '23:59:00'),
      rate: 40,
      failing: ['transport.https', 'privacy.policy-linked', 'a11y.image-alt'],
      evidencePerFailure: 3,
      pagesChecked: 20,
      pages: [{ url: 'https://globex.example/' }, { url: 'https://globex.example/about' }],
    });
    await seed('initech1', {
      userId: bob.id,
      vendorId: initech.id,
      assessedAt: day('2025-03-05'),
      rate: 10,
      failing: ['transport.https'],
    });
  });
  afterAll(() => t.close());

  describe('GET /api/reports', () => {
    it('lists the caller’s assessments newest first, paginated', async () => {
      const all = await getJson<Paginated<ReportSummary>>(alice, '/api/reports');
      expect(all.total).toBe(4);
      expect(all.items.map((item) => item.id)).toEqual([reports.acme3, reports.globex1, reports.acme2, reports.acme1]);
      expect(all.items[1]).toMatchObject({
        vendorId: globex.id,
        vendorName: 'Globex',
        method: 'http',
        targetUrl: 'https://globex.example/',
        assessedAt: '2025-03-05T23:59:00.000Z',
        rate: 40,
        label: 'Non-Compliant',
        counts: { pass: 10, fail: 3, warn: 0, notApplicable: 0 },
        failures: { critical: 1, high: 1, medium: 1, low: 0 },
        pagesChecked: 20,
      });

      const second = await getJson<Paginated<ReportSummary>>(alice, '/api/reports?limit=3&page=2');
      expect(second).toMatchObject({ total: 4, page: 2, limit: 3 });
      expect(second.items.map((item) => item.id)).toEqual([reports.acme1]);
    });

    it('filters by UTC days, both included, and by vendor', async () => {
      const ids = async (query: string) =>
        (await getJson<Paginated<ReportSummary>>(alice, `/api/reports?${query}`)).items.map((item) => item.id);
      expect(await ids('startDate=2025-03-05&endDate=2025-03-05')).toEqual([reports.globex1, reports.acme2]);
      expect(await ids('startDate=2025-03-02')).toEqual([reports.acme3, reports.globex1, reports.acme2]);
      expect(await ids('endDate=2025-03-04')).toEqual([reports.acme1]);
      expect(await ids(`vendorId=${acme.id}&endDate=2025-03-05`)).toEqual([reports.acme2, reports.acme1]);
      // Another user's vendor is no filter of the caller's: nothing matches.
      expect(await ids(`vendorId=${initech.id}`)).toEqual([]);
      expect(await ids('startDate=&endDate=')).toHaveLength(4);
    });

    it.each([
      ['startDate=2025-02-30', MESSAGES.reports.invalidDate],
      ['endDate=yesterday', MESSAGES.reports.invalidDate],
      ['startDate=0000-01-01', MESSAGES.reports.dateOutOfRange],
      ['endDate=9999-12-31', MESSAGES.reports.dateOutOfRange],
      ['startDate=2025-03-09&endDate=2025-03-01', MESSAGES.reports.endBeforeStart],
      ['vendorId=acme', MESSAGES.reports.invalidVendor],
      ['limit=1000', undefined],
      ['page=0', undefined],
    ])('answers 400 for %s', async (query, message) => {
      for (const url of [`/api/reports?${query}`, `/api/reports/summary?${query}`]) {
        if (url.includes('summary') && /limit|page/.test(query)) continue;
        const response = await alice.api(url);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { message: string };
        if (message) expect(body.message).toBe(message);
      }
    });
  });

  describe('GET /api/reports/summary', () => {
    it('sums up each vendor’s latest assessment in the period, with its trend oldest first', async () => {
      const overview = await getJson<ReportsOverview>(alice, '/api/reports/summary');
      expect(overview).toMatchObject({
        vendorsAssessed: 2,
        averageRate: 67.5, // Acme's latest 95, Globex's 40
        pagesChecked: 10 + 11 + 12 + 20,
        openFailures: { critical: 1, high: 1, medium: 1, low: 0 },
      });
      expect(overview.vendors).toEqual([
        {
          vendorId: acme.id,
          vendorName: 'Acme',
          vendorUrl: 'https://acme.example/',
          state: 'assessed',
          latestReportId: reports.acme3,
          rate: 95,
          label: 'Compliant',
          method: 'http',
          rendering: null,
          lastAssessedAt: '2025-03-09T12:00:00.000Z',
          trend: [
            { assessedAt: '2025-03-01T12:00:00.000Z', crawledAt: '2025-03-01T12:00:00.000Z', rate: 60 },
            { assessedAt: '2025-03-05T08:00:00.000Z', crawledAt: '2025-03-05T08:00:00.000Z', rate: 80 },
            { assessedAt: '2025-03-09T12:00:00.000Z', crawledAt: '2025-03-09T12:00:00.000Z', rate: 95 },
          ],
          lastCrawl: null,
        },
        expect.objectContaining({ vendorId: globex.id, latestReportId: reports.globex1, rate: 40, label: 'Non-Compliant' }),
      ]);

      const early = await getJson<ReportsOverview>(alice, '/api/reports/summary?startDate=2025-03-01&endDate=2025-03-05');
      expect(early).toMatchObject({ vendorsAssessed: 2, averageRate: 60, pagesChecked: 41 });
      expect(early.openFailures).toEqual({ critical: 1, high: 1, medium: 2, low: 0 });
      expect(early.vendors[0]).toMatchObject({ rate: 80, latestReportId: reports.acme2 });
      expect(early.vendors[0]!.trend.map((point) => point.rate)).toEqual([60, 80]);

      const acmeOnly = await getJson<ReportsOverview>(alice, `/api/reports/summary?vendorId=${acme.id}`);
      expect(acmeOnly.vendors.map((vendor) => vendor.vendorName)).toEqual(['Acme']);

      // A period without assessments still lists every vendor, as not assessed yet.
      const empty = await getJson<ReportsOverview>(alice, '/api/reports/summary?startDate=2030-01-01');
      expect(empty).toEqual({
        vendorsInScope: 2,
        vendorsAssessed: 0,
        vendorsNotAssessed: 2,
        vendorsCrawlFailed: 0,
        averageRate: null,
        pagesChecked: 0,
        openFailures: { critical: 0, high: 0, medium: 0, low: 0 },
        vendors: [expect.objectContaining({ vendorName: 'Acme' }), expect.objectContaining({ vendorName: 'Globex' })],
      });
      expect(empty.vendors[0]).toMatchObject({ state: 'not_assessed', rate: null, label: null, latestReportId: null, trend: [] });
    });
  });

  describe('GET /api/reports/:id', () => {
    it('gives every check with its evidence', async () => {
      const detail = await getJson<ReportDetail>(alice, `/api/reports/${reports.globex1}`);
      expect(detail).toMatchObject({
        id: reports.globex1,
        vendorName: 'Globex',
        catalogueVersion: '2025.1',
        notEvaluatedByMethod: [],
      });
      expect(detail.checks).toHaveLength(13);
      const https = detail.checks.find((check) => check.checkId === 'transport.https')!;
      expect(https).toMatchObject({ outcome: 'fail', severity: 'critical', group: 'transport', evidenceTotal: 3 });
      expect(https.whyItMatters).toMatch(/HTTP/);
      expect(https.evidence[0]).toEqual({
        url: 'https://globex.example/page-1',
        pageId: expect.any(String),
        detail: 'Served over http:// (page 1)',
      });
    });

    it('answers 404 for another user’s report, an unknown id and a malformed one', async () => {
      const theirs = await bob.api(`/api/reports/${reports.globex1}`);
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toMatchObject({ message: MESSAGES.reports.notFound });
      expect((await alice.api(`/api/reports/${reports.initech1}`)).status).toBe(404);
      expect((await alice.api('/api/reports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await alice.api('/api/reports/not-an-id')).status).toBe(404);
      expect((await fetch(`${t.baseUrl}/api/reports`)).status).toBe(401);
    });
  });

  describe('POST /api/reports/:id/reassess', () => {
    it("judges the report's crawl again with the current catalogue, under the same id; another user's answers 404", async () => {
      // A seeded report with sample checks; the crawl's stored pages are what the catalogue reads now.
      const carol = await t.signUp();
      const hooli = await vendorOf(carol, 'Hooli');
      const { reportId } = await seedAssessment(t.database.db, {
        userId: carol.id,
        vendorId: hooli.id,
        targetUrl: 'https://hooli.example/',
        rate: 12,
        pages: [{ url: 'https://hooli.example/' }],
      });
      expect((await bob.api(`/api/reports/${reportId}/reassess`, { method: 'POST' })).status).toBe(404);
      const response = await carol.api(`/api/reports/${reportId}/reassess`, { method: 'POST' });
      expect(response.status).toBe(201);
      const detail = (await response.json()) as ReportDetail;
      expect(detail.id).toBe(reportId);
      expect(detail.catalogueVersion).not.toBe('2025.1');
      expect(detail.checks.map((check) => check.checkId)).toEqual(
        expect.arrayContaining(['https', 'page-titles', 'security-txt']),
      );
      expect(detail.rate).not.toBe(12);
    });
  });

  describe('GET /api/vendors', () => {
    it('shows each vendor’s latest label', async () => {
      const vendors = (await getJson<VendorListPage>(alice, '/api/vendors')).items;
      expect(Object.fromEntries(vendors.map((vendor) => [vendor.name, vendor.compliance]))).toEqual({
        Acme: { reportId: reports.acme3, rate: 95, label: 'Compliant' },
        Globex: { reportId: reports.globex1, rate: 40, label: 'Non-Compliant' },
      });
      const fresh = await vendorOf(bob, 'Fresh');
      expect(
        (await getJson<VendorListPage>(bob, '/api/vendors')).items.find((vendor) => vendor.id === fresh.id)?.compliance,
      ).toBeNull();
    });
  });

  describe('POST /api/reports/export', () => {
    /** The CSV rows the caller's reports should give, from the list and each report's detail. */
    async function expectedCsvRows(user: TestUser, query = '') {
      const list = await getJson<Paginated<ReportSummary>>(user, `/api/reports?limit=100${query}`);
      const rows: string[][] = [];
      for (const summary of list.items) {
        const detail = await getJson<ReportDetail>(user, `/api/reports/${summary.id}`);
        for (const check of detail.checks) {
          const first = check.evidence[0];
          rows.push([
            detail.vendorName ?? '',
            detail.assessedAt,
            detail.id,
            String(detail.rate),
            detail.label,
            check.checkId,
            CHECK_GROUP_TITLES[check.group],
            CHECK_SEVERITY_LABELS[check.severity],
            REPORT_CHECK_OUTCOME_LABELS[check.outcome],
            check.title,
            check.summary,
            String(check.evidenceTotal),
            first?.url ?? '',
            first?.detail ?? '',
            detail.method,
            'Assessed',
            '',
            '',
            // No inventory stored for these vendors: no grade, libraries or third parties.
            '',
            '',
            '',
            // No tier and never reviewed; no request or acceptance (issue 40).
            '',
            'Not reviewed',
            '',
            '0',
            '0',
            // No risk accepted.
            '',
            '',
          ]);
        }
      }
      return rows;
    }

    it('streams a CSV (RFC 4180) with one row per check outcome, as the reports say', async () => {
      const response = await exportFile(alice, { format: 'csv', filters: {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(FILENAME);
      expect(response.headers.get('content-disposition')).toMatch(/\.csv"$/);
      const text = await response.text();
      expect(text.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
      const [header, ...rows] = parse(text) as string[][];
      expect(header).toEqual([...CSV_COLUMNS]);
      expect(rows).toEqual(await expectedCsvRows(alice));
      expect(rows).toHaveLength(4 * 13);

      const filtered = parse(
        await (
          await exportFile(alice, {
            format: 'csv',
            filters: { vendorId: globex.id, startDate: '2025-03-05', endDate: '2025-03-05' },
          })
        ).text(),
        { from_line: 2 },
      ) as string[][];
      expect(filtered).toEqual(await expectedCsvRows(alice, `&vendorId=${globex.id}`));
    });

    it('writes crawled text that looks like a formula as plain text', async () => {
      const carol = await t.signUp();
      const vendor = await vendorOf(carol, 'Formula Co');
      const { input } = await seedAssessment(t.database.db, {
        userId: carol.id,
        vendorId: vendor.id,
        failing: ['content.titles'],
      });
      const check = input.checks.find((c) => c.checkId === 'content.titles')!;
      await t.database.db.execute(
        sql`update compliance_check_results set evidence = ${JSON.stringify([{ url: null, pageId: null, detail: '=HYPERLINK("http://evil.example","x")' }])}::jsonb, summary = '+1 page' where check_id = ${check.checkId} and assessment_id in (select id from compliance_assessments where user_id = ${carol.id})`,
      );
      const rows = parse(await (await exportFile(carol, { format: 'csv' })).text(), { from_line: 2 }) as string[][];
      const titles = rows.find((row) => row[5] === 'content.titles')!;
      expect(titles[10]).toBe("'+1 page");
      expect(titles[13]).toBe('\'=HYPERLINK("http://evil.example","x")');
    });

    it('streams every outcome of a large period, across many batches, in order', async () => {
      const dave = await t.signUp();
      const vendor = await vendorOf(dave, 'Bulk Co');
      for (let i = 0; i < 90; i++) {
        await seedAssessment(t.database.db, {
          userId: dave.id,
          vendorId: vendor.id,
          assessedAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
          failing: i % 2 ? ['headers.csp'] : [],
        });
      }
      const rows = parse(await (await exportFile(dave, { format: 'csv' })).text(), { from_line: 2 }) as string[][];
      expect(rows).toHaveLength(90 * 13);
      expect(rows[0]![1]).toBe('2025-01-04T17:00:00.000Z');
      expect(rows.at(-1)![1]).toBe('2025-01-01T00:00:00.000Z');
      expect(new Set(rows.map((row) => `${row[2]}/${row[5]}`)).size).toBe(90 * 13);
    });

    it('builds a workbook with a frozen header on each sheet and typed cells', async () => {
      const response = await exportFile(alice, { format: 'excel', filters: { startDate: '2025-03-01', endDate: '2025-03-31' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Summary',
        'Vendors',
        'Assessments',
        'Check results',
        'Software & third parties',
      ]);
      for (const sheet of workbook.worksheets) {
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(sheet.getRow(1).font).toMatchObject({ bold: true });
      }

      const summary = workbook.getWorksheet('Summary')!;
      const figure = (name: string) => summary.getColumn(1).values.indexOf(name);
      expect(summary.getCell(figure('Vendors assessed'), 2).value).toBe(2);
      const average = summary.getCell(figure('Average compliance rate'), 2);
      expect(average.value).toBeCloseTo(0.675);
      expect(average.numFmt).toBe('0.0%');
      expect(summary.getCell(figure('Generated at'), 2).value).toBeInstanceOf(Date);

      const vendors = workbook.getWorksheet('Vendors')!;
      expect(vendors.getRow(2).values).toEqual([
        undefined,
        'Acme',
        0.95,
        'Compliant',
        day('2025-03-09'),
        3,
        reports.acme3,
        'Assessed',
        'http',
        // Last crawl, its time, failure and link: the latest crawl is the assessed one.
        undefined,
        undefined,
        undefined,
        undefined,
        // Its programme (issue 40): no tier, never reviewed, no next review, no request or acceptance.
        undefined,
        'Not reviewed',
        undefined,
        0,
        0,
      ]);
      expect(vendors.getCell('B2').numFmt).toBe('0.0%');

      const assessments = workbook.getWorksheet('Assessments')!;
      expect(assessments.rowCount).toBe(1 + 4);
      const globexRow = assessments.getRow(3);
      expect(globexRow.getCell(1).value).toBe(reports.globex1);
      expect(globexRow.getCell(5).value).toEqual(day('2025-03-05', '23:59:00'));
      expect(globexRow.getCell(7).value).toBeCloseTo(0.4);
      expect(globexRow.getCell(7).numFmt).toBe('0.0%');
      expect(typeof globexRow.getCell(9).value).toBe('number');

      const results = workbook.getWorksheet('Check results')!;
      expect(results.rowCount).toBe(1 + 4 * 13);
      const failed = results
        .getRows(2, results.rowCount - 1)!
        .find((row) => row.getCell(1).value === reports.globex1 && row.getCell(4).value === 'privacy.policy-linked')!;
      expect(failed.getCell(7).value).toBe('Failed');
      expect(failed.getCell(10).value).toBe(3);
      expect(failed.getCell(3).value).toBeInstanceOf(Date);
    });

    it('builds a PDF whose text shows the vendors and each failing check with its evidence', async () => {
      const response = await exportFile(alice, { format: 'pdf', filters: { startDate: '2025-03-01', endDate: '2025-03-31' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(/\.pdf"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vw-report-')), 'report.pdf');
      writeFileSync(file, bytes);
      const { stdout: text } = await promisify(execFile)('/usr/bin/pdftotext', ['-layout', file, '-']);

      expect(text).toContain('Vendor compliance report');
      expect(text).toContain('Period: 2025-03-01 to 2025-03-31');
      expect(text).toMatch(/Acme\s+95\.0%\s+Compliant\s+2025-03-09 12:00 UTC/);
      expect(text).toMatch(/Globex\s+40\.0%\s+Non-Compliant\s+2025-03-05 23:59 UTC/);
      expect(text).toContain('Failing checks');
      expect(text).toContain('A privacy policy is linked from every page');
      expect(text).toContain('https://globex.example/page-2 — No link to a privacy policy');
      // Acme's first assessment failed HTTPS; its latest failed nothing, so it has no section of its own.
      expect(text).toContain('Served over http:// (page 1)');
    });

    it('validates the request and scopes the export to the caller', async () => {
      const bad = await exportFile(alice, { format: 'docx' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: MESSAGES.reports.invalidFormat });
      const backwards = await exportFile(alice, { format: 'csv', filters: { startDate: '2025-03-09', endDate: '2025-03-01' } });
      expect(backwards.status).toBe(400);
      expect(await backwards.json()).toMatchObject({ message: MESSAGES.reports.endBeforeStart });
      const theirs = parse(await (await exportFile(bob, { format: 'csv', filters: { vendorId: acme.id } })).text(), {
        from_line: 2,
      }) as string[][];
      expect(theirs).toEqual([]);
    });

    it(`answers '${formatMessage.exportFailed('csv')}' when the data cannot be read before the file starts`, async () => {
      await t.database.db.execute(sql`alter table compliance_check_results rename to compliance_check_results_away`);
      try {
        for (const format of ['csv', 'excel', 'pdf'] as const) {
          const response = await exportFile(alice, { format });
          expect(response.status).toBe(500);
          expect(response.headers.get('content-disposition')).toBeNull();
          expect(await response.json()).toEqual({ statusCode: 500, message: formatMessage.exportFailed(format) });
        }
      } finally {
        await t.database.db.execute(sql`alter table compliance_check_results_away rename to compliance_check_results`);
      }
      expect((await exportFile(alice, { format: 'csv' })).status).toBe(200);
    });
  });

  it("reads a workspace's reports for every member: viewers read and export, editors reassess, others see none", async () => {
    const team = await shareWorkspace(t);
    const vendor = await team.addVendor('Teamco');
    const { reportId } = await seedAssessment(t.database.db, {
      userId: team.owner.id,
      vendorId: vendor.id,
      rate: 75,
      pages: [{ url: 'https://teamco.example/' }],
    });

    const listed = await team.call(team.viewer, 'GET', '/api/reports');
    expect((listed.body as Paginated<ReportSummary>).items.map((r) => [r.id, r.vendorName])).toEqual([[reportId, 'Teamco']]);
    expect((await team.call(team.viewer, 'GET', `/api/reports/${reportId}`)).body).toMatchObject({ id: reportId, rate: 75 });
    const summary = (await team.call(team.viewer, 'GET', '/api/reports/summary')).body as ReportsOverview;
    expect(summary.vendors.map((v) => v.vendorName)).toEqual(['Teamco']);

    // A viewer exports (the audit log records it, with the filters asked for) but does not reassess.
    const exported = await team.viewer.api('/api/reports/export', {
      method: 'POST',
      json: { format: 'csv', filters: { vendorId: vendor.id, comment: 'no filter of ours' } },
      headers: { 'x-workspace-id': team.id },
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('Teamco');
    const [entry] = await team.audited('report.export');
    expect(entry).toMatchObject({ actorId: team.viewer.id, targetType: 'report' });
    // The filters as the export read them: what the schema does not know never reaches the log.
    expect(entry!.summary).toEqual({ format: 'csv', filters: { vendorId: vendor.id } });
    expectRefused(await team.call(team.viewer, 'POST', `/api/reports/${reportId}/reassess`), 403, roleTooLow('viewer', 'editor'));

    // Another workspace's member: no such report, and none in their lists.
    expectRefused(await team.outside('GET', `/api/reports/${reportId}`), 404, MESSAGES.reports.notFound);
    expectRefused(await team.outside('POST', `/api/reports/${reportId}/reassess`), 404, MESSAGES.reports.notFound);
    expectRefused(
      await team.outside('POST', `/api/reports/${reportId}/export`, { format: 'csv' }),
      404,
      MESSAGES.reports.notFound,
    );
    expect((await team.outside('GET', '/api/reports')).body).toMatchObject({ items: [], total: 0 });

    // An editor's key reassesses; the audit log names the report and the key.
    const reassessed = await team.call('key', 'POST', `/api/reports/${reportId}/reassess`);
    expect(reassessed.status).toBe(201);
    expect(reassessed.body).toMatchObject({ id: reportId });
    expect(await team.audited('report.reassess')).toMatchObject([
      { actorType: 'api_key', actorLabel: 'Editor script', targetId: reportId },
    ]);
  });
});
