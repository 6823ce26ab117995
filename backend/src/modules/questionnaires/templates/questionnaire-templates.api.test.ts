import { MESSAGES, WORKSPACE_HEADER } from '@vendorwatch/contracts';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { shareWorkspace, type SharedWorkspace } from '../../workspaces/testing/shared-workspace';
import { expectRefused, roleTooLow } from '../../workspaces/testing/teams';

const M = MESSAGES.questionnaires;
const HEADER = ['id', 'section', 'question', 'type', 'choices', 'guidance'];

/**
 * The questionnaires a workspace can send: MVSP v3.0 and VSAQ shipped as data with their licences,
 * and the workspace's own imported from CSV or Excel — a bad row refused with its row and column.
 */
describe('questionnaire templates', () => {
  let t: TestApp;
  let team: SharedWorkspace;

  const upload = async (user: TestUser, content: Buffer | string, fileName: string, name?: string) => {
    const form = new FormData();
    if (name) form.append('name', name);
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
    const response = await user.api('/api/questionnaires/templates/import', {
      method: 'POST',
      body: form,
      headers: { [WORKSPACE_HEADER]: team.id },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    t = await startTestApp();
    team = await shareWorkspace(t);
  });
  afterAll(() => t?.close());

  it('lists MVSP v3.0 and the VSAQ web application questionnaire with their sources, licences and sizes', async () => {
    const listed = await team.call(team.viewer, 'GET', '/api/questionnaires/templates');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: 'mvsp-3.0', questionCount: 25, licence: expect.stringMatching(/CC0/) }),
      expect.objectContaining({ id: 'vsaq-webapp', questionCount: 62, licence: expect.stringMatching(/Apache/) }),
    ]);
    const mvsp = await team.call(team.viewer, 'GET', '/api/questionnaires/templates/mvsp-3.0');
    expect(mvsp.body.sections).toHaveLength(4);
    expect(mvsp.body.sections[1].questions[1]).toMatchObject({
      id: '2.2',
      text: 'HTTPS-only',
      type: 'yes_no',
      checkIds: ['https', 'http-redirects-to-https', 'hsts'],
      guidance: expect.stringContaining('Strict-Transport-Security'),
    });
    expectRefused(await team.call(team.viewer, 'GET', '/api/questionnaires/templates/sig-lite'), 404, M.templateNotFound);
  });

  it('imports a CSV questionnaire into sections, and another workspace cannot see it', async () => {
    const csv = stringify([
      HEADER,
      ['A.1', 'Access', 'Do you enforce MFA for administrators?', 'yes_no', '', 'Including contractors'],
      ['A.2', '', 'Which identity provider do you use?', 'choice', 'Okta | Entra ID | Google', ''],
      ['B.1', 'Data', 'Where is customer data stored?', 'text', '', ''],
    ]);
    const imported = await upload(team.owner, csv, 'our-questionnaire.csv');
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ id: expect.any(String), name: 'our-questionnaire', questionCount: 3 });

    const template = await team.call(team.viewer, 'GET', `/api/questionnaires/templates/${imported.body.id}`);
    expect(template.body).toMatchObject({
      name: 'our-questionnaire',
      sections: [
        {
          title: 'Access',
          questions: [
            { id: 'A.1', type: 'yes_no', guidance: 'Including contractors', checkIds: [] },
            { id: 'A.2', type: 'choice', choices: ['Okta', 'Entra ID', 'Google'] },
          ],
        },
        { title: 'Data', questions: [{ id: 'B.1', type: 'text' }] },
      ],
    });
    const listed = await team.call(team.viewer, 'GET', '/api/questionnaires/templates');
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(imported.body.id);
    expectRefused(await team.outside('GET', `/api/questionnaires/templates/${imported.body.id}`), 404, M.templateNotFound);
    const [entry] = await team.audited('questionnaire_template.import');
    expect(entry).toMatchObject({ targetId: imported.body.id, summary: expect.objectContaining({ questions: 3 }) });
  });

  it('imports an Excel workbook named by the form', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRows([HEADER, ['1', 'General', 'Do you hold an ISO 27001 certificate?', 'Yes/No', '', '']]);
    const imported = await upload(team.owner, Buffer.from(await workbook.xlsx.writeBuffer()), 'q.xlsx', 'Supplier check 2026');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ name: 'Supplier check 2026', questionCount: 1 });
  });

  it('refuses a file with a bad row, naming its row and column, and imports nothing', async () => {
    const before = (await team.call(team.owner, 'GET', '/api/questionnaires/templates')).body.items.length;
    const csv = stringify([
      HEADER,
      ['Q1', 'General', 'Do you encrypt backups?', 'yes_no', '', ''],
      ['Q2', 'General', 'How often do you test restores?', 'multiple', '', ''],
      ['Q3', 'General', 'Which cloud?', 'choice', 'AWS', ''],
      ['Q1', 'General', 'Again?', 'text', '', ''],
    ]);
    const refused = await upload(team.owner, csv, 'bad.csv');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Row 3, column type: ${M.typeInvalid}. Nothing was imported: fix the rows listed and import the file again (3 rows with errors)`,
    );
    expect(refused.body.errors).toEqual([
      { path: 'row 3, type', row: 3, column: 'type', message: M.typeInvalid },
      { path: 'row 4, choices', row: 4, column: 'choices', message: M.choicesRequired },
      { path: 'row 5, id', row: 5, column: 'id', message: 'the id Q1 is also on row 2' },
    ]);
    expect((await team.call(team.owner, 'GET', '/api/questionnaires/templates')).body.items).toHaveLength(before);

    const noType = await upload(
      team.owner,
      stringify([
        ['id', 'question'],
        ['Q1', 'Why?'],
      ]),
      'short.csv',
    );
    expectRefused(noType, 400, 'The first row must name the columns id, section, question, type, choices, guidance');
    expectRefused(await upload(team.owner, 'just text', 'notes.txt'), 400, MESSAGES.vendorList.importFileType);
  });

  it('lets only admins and owners import', async () => {
    const csv = stringify([HEADER, ['Q1', 'General', 'Anything?', 'text', '', '']]);
    expectRefused(await upload(team.viewer, csv, 'q.csv'), 403, roleTooLow('viewer', 'admin'));
  });
});
