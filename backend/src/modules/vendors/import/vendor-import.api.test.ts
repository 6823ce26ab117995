import {
  fill,
  LIMITS,
  MESSAGES,
  type VendorImportError,
  type VendorImportResult,
  type VendorListPage,
} from '@vendorwatch/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { addMember, auditEntries, createWorkspace, expectRefused, roleTooLow } from '../../workspaces/testing/teams';

const HEADER = ['name', 'url', 'domains', 'dkim selectors', 'description'];

/** `POST /api/vendors/import` with the file as a browser's file picker sends it. */
const upload = (user: TestUser, content: Buffer | string, fileName: string, headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return user.api('/api/vendors/import', { method: 'POST', body: form, headers });
};

const csv = (rows: string[][]) => stringify([HEADER, ...rows]);

describe('POST /api/vendors/import', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const listed = async (user: TestUser, query = '') => (await (await user.api(`/api/vendors?${query}`)).json()) as VendorListPage;

  it('adds 500 vendors from a CSV file with their domains, DKIM selectors and descriptions', async () => {
    const ana = await t.signUp();
    const rows = Array.from({ length: 500 }, (_, i) => [
      `Supplier ${i}`,
      `supplier-${i}.example`,
      `supplier-${i}.example\nmail.supplier-${i}.example`,
      'selector1, google',
      `Row ${i + 2}`,
    ]);
    const answer = await upload(ana, csv(rows), 'vendors.csv');
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ created: 500, skipped: [] });

    expect((await listed(ana, 'limit=1')).total).toBe(500);
    const { items } = await listed(ana, 'q=Supplier 42&sort=name');
    expect(items.find((item) => item.name === 'Supplier 42')).toMatchObject({
      url: 'https://supplier-42.example/',
      domains: ['supplier-42.example', 'mail.supplier-42.example'],
      dkimSelectors: ['selector1', 'google'],
      description: 'Row 44',
    });
    expect((await auditEntries(ana, (await personal(ana)).id, 'vendor.import'))[0]).toMatchObject({
      summary: { fileName: 'vendors.csv', created: 500, skipped: 0 },
    });
  });

  it('adds nothing from a file with three bad rows and names each row, column and reason', async () => {
    const ben = await t.signUp();
    const rows = [
      ['Good One', 'good-one.example', '', '', ''],
      ['', 'nameless.example', '', '', ''],
      ['Good Two', 'good-two.example', '', '', ''],
      ['Bad Url', 'javascript:alert(1)', '', '', ''],
      ['Bad Domain', 'bad-domain.example', 'https://not-a-host/', '', ''],
      ['Good Three', '', '', '', ''],
    ];
    const answer = await upload(ben, csv(rows), 'vendors.csv');
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as VendorImportError;
    expect(body.message).toBe('Nothing was imported: fix the rows listed and import the file again (3 rows with errors)');
    expect(body.errors).toEqual([
      { row: 3, column: 'name', reason: MESSAGES.vendors.nameRequired },
      { row: 5, column: 'url', reason: MESSAGES.vendors.invalidUrl },
      { row: 6, column: 'domains', reason: MESSAGES.vendors.invalidDomain },
    ]);
    expect((await listed(ben)).total).toBe(0);
  });

  it('skips and names the rows whose URL a vendor already has (or an earlier row has), and adds the rest', async () => {
    const cleo = await t.signUp();
    expect((await cleo.api('/api/vendors', { method: 'POST', json: { name: 'Kept', url: 'https://Kept.example' } })).status).toBe(
      201,
    );
    const answer = await upload(
      cleo,
      csv([
        ['Kept again', 'kept.example', '', '', ''],
        ['Fresh', 'https://fresh.example/', '', '', ''],
        ['Fresh twice', 'fresh.example', '', '', ''],
        ['No site', '', '', '', ''],
      ]),
      'vendors.csv',
    );
    expect(answer.status).toBe(201);
    expect((await answer.json()) as VendorImportResult).toEqual({
      created: 2,
      skipped: [
        { row: 2, reason: MESSAGES.vendorList.duplicateUrl },
        { row: 4, reason: 'The same URL is on row 3' },
      ],
    });
    expect((await listed(cleo, 'sort=name')).items.map((item) => item.name)).toEqual(['Fresh', 'Kept', 'No site']);
  });

  it('reads an Excel workbook: the template filled in, with columns in any order and header spellings people use', async () => {
    const dan = await t.signUp();
    const template = await dan.api('/api/vendors/import/template?format=xlsx');
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('vendors-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    sheet.addRow(['Globex', 'https://globex.example/', 'globex.example', 's1', 'From Excel']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    const answer = await upload(dan, filled, 'filled.xlsx');
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ created: 2, skipped: [] });
    expect((await listed(dan, 'sort=name')).items.map((item) => [item.name, item.dkimSelectors])).toEqual([
      ['Acme Corporation', ['selector1', 'google']],
      ['Globex', ['s1']],
    ]);

    const reordered = new ExcelJS.Workbook();
    reordered.addWorksheet('Sheet1').addRows([
      ['Website', 'Vendor name', 'Notes'],
      ['initech.example', 'Initech', 'TPS reports'],
    ]);
    const again = await upload(dan, Buffer.from(await reordered.xlsx.writeBuffer()), 'other.xlsx');
    expect(await again.json()).toEqual({ created: 1, skipped: [] });
  });

  it('offers the CSV template: the columns and one example row', async () => {
    const eve = await t.signUp();
    const answer = await eve.api('/api/vendors/import/template?format=csv');
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const [header, example] = parse(await answer.text()) as string[][];
    expect(header).toEqual(HEADER);
    expect(example![0]).toBe('Acme Corporation');
    expect((await eve.api('/api/vendors/import/template?format=pdf')).status).toBe(400);
  });

  it.each([
    ['a file that is neither CSV nor Excel', Buffer.from('%PDF-1.7'), 'report.pdf', MESSAGES.vendorList.importFileType],
    ['a CSV without a name column', 'website\nacme.example\n', 'vendors.csv', MESSAGES.vendorList.importNameColumn],
    ['a CSV with a header only', `${HEADER.join(',')}\n`, 'vendors.csv', MESSAGES.vendorList.importEmpty],
    ['an empty file', '', 'vendors.csv', MESSAGES.vendorList.importEmpty],
    ['a broken workbook', Buffer.from('PK\u0003\u0004broken'), 'vendors.xlsx', 'The file could not be read as an Excel workbook'],
    ['a CSV with an unclosed quote', 'name\n"Acme\n', 'vendors.csv', 'The file could not be read as CSV'],
  ])('refuses %s with 400 and adds nothing', async (_what, content, fileName, message) => {
    const fay = await t.signUp();
    const answer = await upload(fay, content, fileName);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain(message);
    expect((await listed(fay)).total).toBe(0);
  });

  it('refuses a request without a file, a file over 5 MB and one of more than 1 000 rows', async () => {
    const gus = await t.signUp();
    const none = await gus.api('/api/vendors/import', { method: 'POST', json: { name: 'x' } });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: MESSAGES.vendorList.importFileRequired });

    const huge = await upload(gus, `name,description\n${`Acme,${'x'.repeat(1000)}\n`.repeat(5300)}`, 'big.csv');
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ message: 'The file may be at most 5 MB' });

    const many = await upload(gus, csv(Array.from({ length: 1001 }, (_, i) => [`V${i}`, '', '', '', ''])), 'many.csv');
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ message: 'A file may hold at most 1000 vendors' });
    expect((await listed(gus)).total).toBe(0);
  });

  it('refuses a small workbook that would unpack to more than 50 MB, before unpacking it (400, nothing added)', async () => {
    const hal = await t.signUp();
    // A real workbook whose shared-strings part is swapped for 80 MB of one repeated string: ~80 kB zipped.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Vendors').addRows([['name'], ['Acme']]);
    const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
    const text = 'x'.repeat(80 * 1024 * 1024);
    parts['xl/sharedStrings.xml'] = strToU8(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${text}</t></si></sst>`,
    );
    const bomb = Buffer.from(zipSync(parts, { level: 9 }));
    expect(bomb.length).toBeLessThan(LIMITS.vendorList.importMaxBytes);

    const heapBefore = process.memoryUsage().heapUsed;
    const answer = await upload(hal, bomb, 'bomb.xlsx');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: fill(MESSAGES.vendorList.importUnpacksTooLarge, { max: 50 }) });
    // The server (in this process) never held the unpacked 80 MB string exceljs would have built.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(60 * 1024 * 1024);
    expect((await listed(hal)).total).toBe(0);
  });

  it("keeps the workspace's cap: a file that would take it past VENDORS_PER_USER adds nothing (409)", async () => {
    const capped = await startTestApp({ VENDORS_PER_USER: '3' });
    try {
      const hal = await capped.signUp();
      await hal.api('/api/vendors', { method: 'POST', json: { name: 'One' } });
      const answer = await upload(
        hal,
        csv([
          ['A', '', '', '', ''],
          ['B', '', '', '', ''],
          ['C', '', '', '', ''],
        ]),
        'v.csv',
      );
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({
        message: 'Importing 3 vendors would take the workspace past its limit of 3 vendors (1 kept now)',
      });
      expect((await listed(hal)).total).toBe(1);
    } finally {
      await capped.close();
    }
  });

  it('needs the editor role in a shared workspace', async () => {
    const owner = await t.signUp();
    const viewer = await t.signUp();
    const team = await createWorkspace(owner, 'Imports');
    await addMember(t, team.id, viewer, 'viewer');
    const answer = await upload(viewer, csv([['Nope', '', '', '', '']]), 'v.csv', { 'x-workspace-id': team.id });
    expectRefused(
      { status: answer.status, body: (await answer.json()) as { message: string } },
      403,
      roleTooLow('viewer', 'editor'),
    );
    const added = await upload(owner, csv([['Team vendor', '', '', '', '']]), 'v.csv', { 'x-workspace-id': team.id });
    expect(added.status).toBe(201);
    expect((await listed(owner)).total).toBe(0);
  });

  async function personal(user: TestUser) {
    const workspaces = (await (await user.api('/api/workspaces')).json()) as { id: string; personal: boolean }[];
    return workspaces.find((workspace) => workspace.personal)!;
  }
});
