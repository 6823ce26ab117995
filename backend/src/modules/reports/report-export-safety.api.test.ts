import type { ReportDetail, Vendor } from '@vendorwatch/contracts';
import { crawlPages } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { documentOf } from '../../../../packages/compliance/src/testing/builders';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { csvRecords, pdfPages, workbookOf } from './testing/read-exports';

/** What a spreadsheet reads as the start of a formula (OWASP), fullwidth forms included. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const linesOf = (value: string) => value.split(/\r\n|\r|\n/);

/** A vendor page written to get a live formula into a spreadsheet: its title, description and `<html lang>`. */
const HOSTILE = {
  // No quote and no comma: only its line feed can get it quoted.
  title: 'Welcome\n=WEBSERVICE(CHAR(104)&CHAR(116)&CHAR(116)&CHAR(112)&A1)',
  description: 'Trusted vendor\n=HYPERLINK(CHAR(104)&"ttp://evil.example","Details")',
  lang: "en\n@SUM(1+1)*cmd|' /C calc'!A0",
};

/**
 * Exports that no cell can poison: a hostile page's text reaches the files through the evidence,
 * judged by the real catalogue. Read back as a person's tools read them, no value — and no line
 * inside a value — starts a formula, every value that holds a line break is quoted (the RFC 4180
 * parser would otherwise see a short record), and the text is still there, as text.
 */
describe('exports of a hostile page', () => {
  let t: TestApp;
  let eve: TestUser;
  let reportId: string;

  beforeAll(async () => {
    t = await startTestApp();
    eve = await t.signUp();
    const vendor = (await (
      await eve.api('/api/vendors', { method: 'POST', json: { name: 'Hostile Co', url: 'https://hostile.example/' } })
    ).json()) as Vendor;
    const seeded = await seedAssessment(t.database.db, {
      userId: eve.id,
      vendorId: vendor.id,
      targetUrl: 'https://hostile.example/',
      pages: [{ url: 'https://hostile.example/' }, { url: 'https://hostile.example/about' }],
    });
    reportId = seeded.reportId;
    await t.database.db
      .update(crawlPages)
      .set({
        title: HOSTILE.title,
        description: HOSTILE.description,
        contentType: 'text/html; charset=utf-8',
        document: documentOf({ lang: HOSTILE.lang }),
      })
      .where(eq(crawlPages.jobId, seeded.jobId));
    // The real catalogue judges the stored pages: the hostile text lands in the evidence.
    const reassessed = await eve.api(`/api/reports/${reportId}/reassess`, { method: 'POST' });
    expect(reassessed.status).toBe(201);
    const detail = (await reassessed.json()) as ReportDetail;
    const details = detail.checks.flatMap((check) => check.evidence.map((evidence) => evidence.detail));
    expect(details).toEqual(
      expect.arrayContaining([
        `Title: ${HOSTILE.title}`,
        `Description: ${HOSTILE.description}`,
        expect.stringContaining('=HYPERLINK(CHAR(104)'),
      ]),
    );
    expect(details.some((text) => text.includes('@SUM(1+1)'))).toBe(true);
  });
  afterAll(() => t.close());

  const exported = async (format: 'csv' | 'excel' | 'pdf') => {
    const response = await eve.api('/api/reports/export', { method: 'POST', json: { format } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('CSV: every line of every field starts as text, values with line breaks are quoted, UTF-8 with a BOM', async () => {
    const bytes = await exported('csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Strict RFC 4180 reading: a bare line feed outside quotes would end a record early and fail here.
    const [header, ...records] = csvRecords(bytes);
    expect(records.length).toBeGreaterThan(20);
    const offending = records
      .flat()
      .flatMap(linesOf)
      .filter((line) => FORMULA_START.test(line));
    expect(offending).toEqual([]);
    const fields = records.flat();
    expect(fields).toContain(`Title: Welcome\n'=WEBSERVICE(CHAR(104)&CHAR(116)&CHAR(116)&CHAR(112)&A1)`);
    expect(fields).toContain(`Description: Trusted vendor\n'=HYPERLINK(CHAR(104)&"ttp://evil.example","Details")`);
    expect(fields.some((field) => field.includes("\n'@SUM(1+1)"))).toBe(true);
    // The method of each assessment is a column of its own.
    expect(new Set(records.map((record) => record[header!.indexOf('Method')]))).toEqual(new Set(['http']));
  });

  it('Excel: no formula cell, and no line of a text cell starts a formula', async () => {
    const workbook = await workbookOf(await exported('excel'));
    const texts: string[] = [];
    let formulas = 0;
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell: ExcelJS.Cell) => {
          if (cell.formula) formulas++;
          if (typeof cell.value === 'string') texts.push(cell.value);
        }),
      ),
    );
    expect(formulas).toBe(0);
    expect(texts.flatMap(linesOf).filter((line) => FORMULA_START.test(line))).toEqual([]);
    expect(texts).toContain(`Description: Trusted vendor\n'=HYPERLINK(CHAR(104)&"ttp://evil.example","Details")`);
  });

  it('PDF: the hostile text is printed as the page wrote it', async () => {
    const text = (await pdfPages(await exported('pdf'))).join('\n');
    expect(text).toContain('Hostile Co');
    expect(text).toContain('Every page declares its language');
    expect(text).toContain("@SUM(1+1)*cmd|' /C calc'!A0");
    expect(text).toContain('=WEBSERVICE(CHAR(104)&CHAR(116)&CHAR(116)&CHAR(112)&A1)');
  });
});
