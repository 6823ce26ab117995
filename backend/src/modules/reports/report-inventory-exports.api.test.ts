import { gradesOf } from '@vendorwatch/compliance';
import type { ThirdParty, Vendor } from '@vendorwatch/contracts';
import { CrawlInventoriesRepository } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall } from '../workspaces/testing/teams';
import { csvRecords, pdfPages, sheetRecords, workbookOf } from './testing/read-exports';

const party = (name: string): ThirdParty => ({
  key: name,
  name,
  company: name,
  category: 'analytics',
  hosts: [`${name.toLowerCase().replace(/\s+/g, '')}.example`],
  pages: 1,
  requestedBeforeConsent: false,
  tracker: true,
  example: { pageId: 'p', url: 'https://acme.example/', resource: 'https://t.example/t.js' },
});

/** The PDF, CSV and Excel exports carry each vendor's grade, vulnerable libraries and top third parties (issues 31 §6, 32 §5). */
describe('report exports with what vendors run and share', () => {
  let t: TestApp;
  let alice: TestUser;
  let vendorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    const vendor = (await apiCall(alice, 'POST', '/api/vendors', { name: 'Acme', url: 'https://acme.example' })).body as Vendor;
    vendorId = vendor.id;
    const seeded = await seedAssessment(t.database.db, {
      userId: alice.id,
      vendorId: vendor.id,
      failing: ['transport.hsts'],
      assessedAt: new Date(),
    });
    await new CrawlInventoriesRepository(t.database.db).save({
      jobId: seeded.jobId,
      workspaceId: seeded.input.workspaceId,
      userId: alice.id,
      vendorId: vendor.id,
      crawlCompletedAt: new Date(),
      inventory: {
        libraries: [
          {
            component: 'jquery',
            npm: 'jquery',
            version: '1.12.4',
            evidence: [],
            pages: [],
            pagesTotal: 1,
            advisories: [
              {
                ids: ['CVE-2020-11022'],
                summary: null,
                severity: 'medium',
                atOrAbove: null,
                below: '3.5.0',
                endOfLife: false,
                info: [],
              },
            ],
            severity: 'medium',
            fixedVersion: '3.5.0',
            endOfLife: null,
          },
        ],
        technologies: [],
        thirdParties: [party('Google Analytics'), party('Hotjar')],
        dataSources: [],
      },
      grades: gradesOf(seeded.input.checks),
    });
  });
  afterAll(() => t.close());

  const exported = async (format: 'pdf' | 'csv' | 'excel', filters: object = {}) => {
    const response = await alice.api('/api/reports/export', { method: 'POST', json: { format, filters } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('Excel: a "Software & third parties" sheet with the grade, vulnerable libraries and top third parties', async () => {
    const workbook = await workbookOf(await exported('excel'));
    const rows = sheetRecords(workbook.getWorksheet('Software & third parties')!);
    expect(rows).toEqual([
      expect.objectContaining({
        Vendor: 'Acme',
        'Overall grade': expect.stringMatching(/^[A-F]$/),
        'Vulnerable libraries': 1,
        'Top third parties': 'Google Analytics, Hotjar',
      }),
    ]);
  });

  it("CSV: every row of the vendor's checks carries its grade, vulnerable libraries and top third parties", async () => {
    const [header, ...records] = csvRecords(await exported('csv'));
    const column = (name: string) => header.indexOf(name);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record[column('Vendor')]).toBe('Acme');
      expect(record[column('Vendor grade')]).toMatch(/^[A-F]$/);
      expect(record[column('Vulnerable libraries')]).toBe('1');
      expect(record[column('Top third parties')]).toBe('Google Analytics, Hotjar');
    }
  });

  it("PDF: the vendor's section names its grade, vulnerable libraries and third parties", async () => {
    const text = (await pdfPages(await exported('pdf'))).join('\n');
    expect(text).toMatch(/Grade [A-F] · 1 vulnerable JavaScript library · Third parties: Google Analytics, Hotjar/);
  });

  it('PDF of one vendor: its grade letter and rate open the first page', async () => {
    const [first] = await pdfPages(await exported('pdf', { vendorId }));
    expect(first).toMatch(/Grade\s+Compliance rate\s+Last assessed/);
    expect(first).toMatch(/\b[A-F]\s+\d+\.\d%\s+\d{4}-\d{2}-\d{2}/);
    expect(first).not.toContain('Vendors assessed');
  });
});
