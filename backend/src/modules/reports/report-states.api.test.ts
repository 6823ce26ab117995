import type { ReportsOverview, Vendor } from '@vendorwatch/contracts';
import { CrawlChangesRepository } from '@vendorwatch/db';
import { insertFailedCrawl, seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { csvRecords, pdfPages, sheetRecords, workbookOf } from './testing/read-exports';

const day = (date: string, time = '12:00:00') => new Date(`${date}T${time}Z`);
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const HOST_NOT_FOUND = 'net::ERR_NAME_NOT_RESOLVED at https://broken.example/';

/**
 * Every vendor of a report's scope is in the report and in each export with its state: assessed (rate
 * and label), not assessed yet, or its last crawl failed (the reason in plain words, a link to the
 * crawl) — a vendor that is not assessed is never left out, so it cannot pass for a fine one.
 */
describe('reports: every vendor accounted for', () => {
  let t: TestApp;
  let ana: TestUser;
  const vendor: Record<string, Vendor> = {};
  const ids: Record<string, string> = {};

  const vendorOf = async (name: string) =>
    (await (
      await ana.api('/api/vendors', {
        method: 'POST',
        json: { name, url: `https://${name.split(' ')[0]!.toLowerCase()}.example/` },
      })
    ).json()) as Vendor;
  const exported = async (format: 'pdf' | 'csv' | 'excel', filters: object = MARCH) => {
    const response = await ana.api('/api/reports/export', { method: 'POST', json: { format, filters } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.signUp();
    for (const name of ['Acme', 'Broken Co', 'Fresh Co', 'Relapse Co']) vendor[name] = await vendorOf(name);
    const db = t.database.db;
    const acme = { userId: ana.id, vendorId: vendor.Acme!.id, targetUrl: 'https://acme.example/' };
    const first = await seedAssessment(db, { ...acme, assessedAt: day('2025-03-02'), rate: 60, failing: ['transport.https'] });
    const latest = await seedAssessment(db, {
      ...acme,
      assessedAt: day('2025-03-09'),
      rate: 80,
      failing: ['headers.csp'],
      warnings: ['privacy.terms-linked'],
      evidencePerFailure: 12,
    });
    ids.acmeFirst = first.reportId;
    ids.acmeLatest = latest.reportId;
    // The second crawl was by another method than the first: accessibility could not be compared.
    await new CrawlChangesRepository(db).save({
      jobId: latest.jobId,
      previousJobId: first.jobId,
      workspaceId: latest.input.workspaceId,
      userId: ana.id,
      vendorId: vendor.Acme!.id,
      pagesBefore: 12,
      pagesAfter: 13,
      added: 1,
      removed: 0,
      changed: 2,
      unchanged: 10,
      changedPercent: 23.1,
      policyPagesChanged: 1,
      findingsNew: [],
      findingsResolved: [
        {
          checkId: 'transport.https',
          title: 'Every page is served over HTTPS',
          severity: 'critical',
          outcome: 'pass',
          previousOutcome: 'fail',
        },
      ],
      findingsNotComparable: [
        {
          checkId: 'a11y.axe',
          title: 'No serious accessibility violations',
          severity: 'high',
          outcome: 'not_applicable',
          previousOutcome: 'fail',
        },
      ],
      methodBefore: 'puppeteer',
      methodAfter: 'http',
      rateBefore: 60,
      rateAfter: 80,
      labelBefore: 'Non-Compliant',
      labelAfter: 'Partially Compliant',
      pages: [],
    });
    ids.broken = (
      await insertFailedCrawl(db, {
        userId: ana.id,
        vendorId: vendor['Broken Co']!.id,
        error: HOST_NOT_FOUND,
        at: day('2025-03-05'),
      })
    ).jobId;
    await seedAssessment(db, { userId: ana.id, vendorId: vendor['Relapse Co']!.id, assessedAt: day('2025-03-03'), rate: 92 });
    ids.relapse = (
      await insertFailedCrawl(db, {
        userId: ana.id,
        vendorId: vendor['Relapse Co']!.id,
        error: 'connect ECONNREFUSED 203.0.113.7:443',
        at: day('2025-03-08'),
      })
    ).jobId;
  });
  afterAll(() => t.close());

  it('the summary lists every vendor in scope with its state, a failed crawl with its reason and crawl', async () => {
    const response = await ana.api('/api/reports/summary?startDate=2025-03-01&endDate=2025-03-31');
    const overview = (await response.json()) as ReportsOverview;
    expect(overview).toMatchObject({ vendorsInScope: 4, vendorsAssessed: 2, vendorsCrawlFailed: 1, vendorsNotAssessed: 1 });
    const byName = Object.fromEntries(overview.vendors.map((v) => [v.vendorName, v]));
    expect(Object.keys(byName)).toEqual(['Acme', 'Broken Co', 'Fresh Co', 'Relapse Co']);
    expect(byName['Broken Co']).toMatchObject({
      state: 'crawl_failed',
      rate: null,
      label: null,
      latestReportId: null,
      lastCrawl: {
        jobId: ids.broken,
        status: 'failed',
        failure: { summary: 'The site could not be reached: host not found', detail: HOST_NOT_FOUND },
      },
    });
    expect(byName['Fresh Co']).toMatchObject({ state: 'not_assessed', lastCrawl: null, trend: [] });
    // Assessed earlier in the period, then a crawl failed: its rate stands, and the failure is named.
    expect(byName['Relapse Co']).toMatchObject({
      state: 'assessed',
      rate: 92,
      lastCrawl: { jobId: ids.relapse, failure: { summary: 'The site could not be reached: connection refused' } },
    });
    expect(byName.Acme).toMatchObject({ state: 'assessed', latestReportId: ids.acmeLatest, lastCrawl: null });

    // Filtered to the failed vendor, the report says so instead of "no vendor was assessed".
    const only = (await (await ana.api(`/api/reports/summary?vendorId=${vendor['Broken Co']!.id}`)).json()) as ReportsOverview;
    expect(only.vendors).toEqual([expect.objectContaining({ vendorName: 'Broken Co', state: 'crawl_failed' })]);
    expect(only).toMatchObject({ vendorsInScope: 1, vendorsAssessed: 0, vendorsCrawlFailed: 1, averageRate: null });
  });

  it('the CSV has a record for each vendor without an assessment: its state, the reason and the crawl', async () => {
    const [header, ...records] = csvRecords(await exported('csv'));
    const column = (name: string) => header!.indexOf(name);
    const of = (name: string) => records.filter((record) => record[column('Vendor')] === name);
    expect(of('Broken Co')).toHaveLength(1);
    const broken = of('Broken Co')[0]!;
    expect(broken[column('State')]).toBe('Last crawl failed');
    expect(broken[column('Crawl failure')]).toBe(`The site could not be reached: host not found (${HOST_NOT_FOUND})`);
    expect(broken[column('Crawl link')]).toBe(`${t.baseUrl}/crawls/${ids.broken}`);
    expect(of('Fresh Co').map((record) => record[column('State')])).toEqual(['Not assessed yet']);
    // Assessed vendors: one record per check of each assessment, stating so.
    expect(new Set(of('Acme').map((record) => record[column('State')]))).toEqual(new Set(['Assessed']));
    expect(of('Acme')).toHaveLength(2 * 13);
  });

  it('the workbook lists every vendor with its state on the Vendors sheet, every sheet filterable', async () => {
    const workbook = await workbookOf(await exported('excel'));
    const vendors = sheetRecords(workbook.getWorksheet('Vendors')!);
    expect(vendors.map((row) => [row.Vendor, row.State])).toEqual([
      ['Acme', 'Assessed'],
      ['Broken Co', 'Last crawl failed'],
      ['Fresh Co', 'Not assessed yet'],
      ['Relapse Co', 'Assessed'],
    ]);
    const broken = vendors[1]!;
    expect(broken).toMatchObject({
      'Latest compliance rate': null,
      'Last crawl': 'failed',
      'Crawl failure': `The site could not be reached: host not found (${HOST_NOT_FOUND})`,
      'Crawl link': `${t.baseUrl}/crawls/${ids.broken}`,
    });
    expect(vendors[3]).toMatchObject({ 'Latest compliance rate': 0.92, 'Last crawl': 'failed' });
    const summary = Object.fromEntries(sheetRecords(workbook.getWorksheet('Summary')!).map((row) => [row.Figure, row.Value]));
    expect(summary).toMatchObject({ 'Vendors in scope': 4, 'Vendors assessed': 2, 'Vendors whose last crawl failed': 1 });
    for (const sheet of workbook.worksheets) {
      const columns = (sheet.getRow(1).values as unknown[]).length - 1;
      const lastColumn = sheet.getRow(1).getCell(columns).address.replace(/\d+$/, '');
      expect([sheet.name, sheet.autoFilter]).toEqual([sheet.name, `A1:${lastColumn}${sheet.rowCount}`]);
    }
  });

  it('the PDF names every vendor with its state, then a section per vendor on its latest assessment', async () => {
    const pages = await pdfPages(await exported('pdf'));
    const text = pages.join('\n');
    // The executive summary, then the vendors in detail.
    expect(pages[0]).toContain('Executive summary');
    for (const heading of [
      'Vendors by label',
      'Worst findings across the portfolio',
      'What changed in the period',
      'Vendors in detail',
    ])
      expect(text).toContain(heading);
    expect(text).toMatch(/Broken Co\s+–\s+Last crawl failed/);
    expect(text).toContain('Last crawl failed 2025-03-05 12:00 UTC: The site could not be reached: host not found');
    expect(text).toContain(`Crawl: ${t.baseUrl}/crawls/${ids.broken}`);
    expect(text).toMatch(/Fresh Co\s+–\s+Not assessed yet/);
    expect(text).toContain('The site could not be reached: connection refused');
    // Acme's section: its latest assessment's failure and warning, how to fix them, the evidence capped.
    expect(text).toContain('Failing checks (1)');
    expect(text).toContain('Warnings (1)');
    expect(text).toContain('How to fix: Send a Content-Security-Policy');
    expect(text).toContain('… and 7 more pages');
    expect(text).toContain('Trend in the period (by crawl): 2025-03-02 12:00 UTC 60.0%, 2025-03-09 12:00 UTC 80.0%');
    // Its earlier assessment is the trend, not a second list of findings.
    expect(text).not.toContain('Served over http:// (page 1)');
    // The period's changes, a method change among them.
    expect(text).toContain('from 60.0% (Non-Compliant) to 80.0% (Partially Compliant)');
    expect(text).toMatch(/Method\s+changed \(Puppeteer to HTTP\): not comparable, No serious accessibility violations/);
    expect(text).toContain('Resolved: Every page is served over HTTPS');
  });

  it('every page of the PDF carries the filters and "Page i of N"', async () => {
    for (const filters of [{ ...MARCH, vendorId: vendor.Acme!.id }, MARCH]) {
      const pages = await pdfPages(await exported('pdf', filters));
      expect(pages.length).toBeGreaterThanOrEqual(2);
      pages.forEach((page, i) => {
        expect(page).toContain('Vendor compliance report · Period: 2025-03-01 to 2025-03-31 · Vendor:');
        expect(page).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}\\s*$`));
      });
    }
  });

  it('a PDF about one vendor opens with its name, grade and rate, then its findings, and never speaks of a portfolio', async () => {
    const pages = await pdfPages(await exported('pdf', { ...MARCH, vendorId: vendor.Acme!.id }));
    const opening = pages[0]!;
    expect(opening).toMatch(/Acme/);
    expect(opening).toMatch(/Grade\s+Compliance rate\s+Last assessed/);
    // No grades were stored for these fixtures' crawls: the letter says so rather than inventing one.
    expect(opening).toMatch(/–\s+80\.0%\s+2025-03-09/);
    expect(opening).toMatch(/Not graded\s+Partially Compliant\s+1 failing check/);
    const text = pages.join('\n');
    expect(text).toContain('Findings');
    expect(text).toContain('Failing checks (1)');
    for (const portfolioWords of [
      'Vendors assessed',
      'Worst findings across the portfolio',
      'Executive summary',
      'Vendors in detail',
    ])
      expect(text).not.toContain(portfolioWords);
    // The opening comes before the findings.
    expect(text.indexOf('Compliance rate')).toBeLessThan(text.indexOf('Failing checks (1)'));
  });

  it('exports one assessment from its report page, in each format', async () => {
    const one = (format: string) => ana.api(`/api/reports/${ids.acmeFirst}/export`, { method: 'POST', json: { format } });
    const pdf = await one('pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="report-.+\.pdf"$/);
    const text = (await pdfPages(Buffer.from(await pdf.arrayBuffer()))).join('\n');
    expect(text).toContain('Period: one assessment');
    expect(text).toContain('Served over http:// (page 1)');
    expect(text).not.toContain('Broken Co');
    const [, ...records] = csvRecords(Buffer.from(await (await one('csv')).arrayBuffer()));
    expect(new Set(records.map((record) => record[2]))).toEqual(new Set([ids.acmeFirst]));
    // Read to the end: an export left unread holds its stream, its database client and so the app's shutdown.
    const excel = await one('excel');
    expect(excel.status).toBe(200);
    expect(
      Buffer.from(await excel.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await one('docx')).status).toBe(400);
    const stranger = await t.signUp();
    const theirs = await stranger.api(`/api/reports/${ids.acmeFirst}/export`, { method: 'POST', json: { format: 'pdf' } });
    expect(theirs.status).toBe(404);
  });
});
