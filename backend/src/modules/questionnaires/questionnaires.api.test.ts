import type { INestApplicationContext } from '@nestjs/common';
import { MESSAGES, VENDOR_PORTAL_PATH, type Vendor } from '@vendorwatch/contracts';
import { complianceCheckResults, vendorLinks } from '@vendorwatch/db';
import { personalWorkspaceOf } from '@vendorwatch/db/testing';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { startFixtureSite, waitFor, type FixtureSite } from '../../../../test-support';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { startSoftwareSite, type SoftwareSite } from '../../../../test-support/software-site';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall, expectRefused } from '../workspaces/testing/teams';
import { QuestionnaireProgrammeReader } from './programme-counts';

const M = MESSAGES.questionnaires;
const MAPPED = {
  '1.1': ['security-txt'],
  '2.2': ['https', 'http-redirects-to-https', 'hsts'],
  '2.3': ['content-security-policy', 'frame-protection'],
  '2.6': ['vulnerable-js-libraries'],
} as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY_MS = 24 * 3600_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * Questionnaires through the vendor link, against two vendor sites crawled for real: the fixture site
 * (a security.txt, a CSP that allows inline scripts, no HSTS over plain HTTP) and the software site
 * (no security.txt, jQuery 1.12.4 with known vulnerabilities). MVSP questions mapped to checks arrive
 * pre-filled with the evidence; a "yes" the assessment contradicts is flagged to the vendor and the
 * analyst; answers are saved as they go, a submit with gaps names them; follow-ups go back to the
 * vendor; the answers export to Excel and CSV; documents carry their validity.
 */
describe('questionnaires', () => {
  let smtp: SmtpCatcher;
  let fixture: FixtureSite;
  let software: SoftwareSite;
  let t: TestApp;
  let worker: INestApplicationContext;
  let alice: TestUser;
  let fixtureVendor: Vendor;
  let softwareVendor: Vendor;
  /** Each vendor's latest assessment: the mapped checks' outcomes. */
  const outcomes = new Map<string, Record<string, string>>();

  const portal = async (token: string, method: string, path = '', json?: unknown) => {
    const response = await fetch(`${t.baseUrl}/api/portal/${token}${path}`, {
      method,
      headers: { 'x-forwarded-for': '198.51.100.41', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
  };
  const send = async (vendor: Vendor, contactEmail: string, templateId = 'mvsp-3.0') => {
    const created = await apiCall(alice, 'POST', `/api/vendors/${vendor.id}/questionnaires`, {
      templateId,
      contactEmail,
      dueAt: day(14),
      message: 'Our annual review.',
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(contactEmail));
    const token = new URL(firstLink(mail)).pathname.slice(VENDOR_PORTAL_PATH.length + 1);
    return { id: created.body.id as string, created: created.body, token, mail };
  };
  const questionsOf = (page: { questionnaire: { sections: { questions: { id: string }[] }[] } }) =>
    new Map(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
      page.questionnaire.sections.flatMap((section) => section.questions).map((question) => [question.id, question as any]),
    );
  const detail = async (id: string) => (await apiCall(alice, 'GET', `/api/questionnaires/${id}`)).body;
  const answerOf = (body: { answers: { questionId: string }[] }, questionId: string) =>
    body.answers.find((answer) => answer.questionId === questionId) as any; // eslint-disable-line @typescript-eslint/no-explicit-any

  const crawl = async (vendor: Vendor) => {
    const started = await apiCall(alice, 'POST', '/api/crawls', { vendorId: vendor.id, method: 'http' });
    expect(started.status).toBe(201);
    const reportId = await waitFor(
      async () => (await apiCall(alice, 'GET', `/api/crawls/${started.body.id}`)).body.reportId as string | null,
      { timeoutMs: 150_000, what: `${vendor.name} crawled and assessed` },
    );
    const rows = await t.database.db
      .select()
      .from(complianceCheckResults)
      .where(
        and(
          eq(complianceCheckResults.assessmentId, reportId),
          inArray(complianceCheckResults.checkId, Object.values(MAPPED).flat()),
        ),
      );
    outcomes.set(vendor.id, Object.fromEntries(rows.map((row) => [row.checkId, row.evaluated ? row.outcome : 'not_evaluated'])));
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    fixture = await startFixtureSite();
    software = await startSoftwareSite();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY_HOPS: '1' });
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    fixtureVendor = await addVendor(
      alice,
      fixture,
      { maxPages: 10, crawlDelay: 500, excludePatterns: ['/drafts/**'] },
      'Fixture Co',
    );
    softwareVendor = await addVendor(alice, software, { maxPages: 5, crawlDelay: 500 }, 'Software Co');
    await crawl(fixtureVendor);
    await crawl(softwareVendor);
  }, 360_000);
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await fixture?.close();
    await software?.close();
    await smtp?.close();
  });

  it('sends MVSP by email through a vendor link whose token is stored only hashed', async () => {
    const { id, created, token, mail } = await send(softwareVendor, 'security@software.example');
    expect(created).toEqual({ id, state: 'sent', templateId: 'mvsp-3.0', dueAt: expect.any(String) });
    expect(mail.subject).toBe(M.emailSubject);
    expect(mail.text).toContain('Minimum Viable Secure Product (MVSP) v3.0');
    expect(mail.text).toContain('Our annual review.');
    const [link] = await t.database.db.select().from(vendorLinks).where(eq(vendorLinks.subjectId, id));
    expect(link).toMatchObject({ kind: 'questionnaire', tokenHash: createHash('sha256').update(token).digest('hex') });

    const page = await portal(token, 'GET');
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.body).toMatchObject({
      kind: 'questionnaire',
      vendorName: 'Software Co',
      state: 'viewed',
      message: 'Our annual review.',
    });
    expect(page.body.questionnaire.sections.map((section: { questions: unknown[] }) => section.questions.length)).toEqual([
      8, 8, 5, 4,
    ]);
    expect((await detail(id)).state).toBe('viewed');
  });

  it('pre-fills the questions mapped to checks from the latest assessment, with what it saw', async () => {
    // The sites as built: the software site runs jQuery 1.12.4 and has no security.txt; the fixture site has one.
    expect(outcomes.get(softwareVendor.id)).toMatchObject({ 'vulnerable-js-libraries': 'fail', 'security-txt': 'fail' });
    expect(outcomes.get(fixtureVendor.id)).toMatchObject({
      'vulnerable-js-libraries': 'pass',
      'content-security-policy': 'fail',
    });

    for (const vendor of [softwareVendor, fixtureVendor]) {
      const { token } = await send(vendor, `prefill-${vendor.id.slice(0, 6)}@vendor.example`);
      const questions = questionsOf((await portal(token, 'GET')).body);
      const seen = outcomes.get(vendor.id)!;
      for (const [questionId, checkIds] of Object.entries(MAPPED)) {
        const results = checkIds.map((checkId) => seen[checkId]);
        const expected = results.some((outcome) => outcome === 'not_evaluated' || outcome === 'not_applicable')
          ? null
          : results.every((outcome) => outcome === 'pass')
            ? 'yes'
            : 'no';
        const question = questions.get(questionId);
        expect({ questionId, prefill: question.prefill?.answer ?? null, answer: question.answer }).toEqual({
          questionId,
          prefill: expected,
          answer: expected,
        });
        if (expected) expect(question.prefill.evidence.map((each: { checkId: string }) => each.checkId)).toEqual(checkIds);
      }
      // Questions no check decides are left to the vendor.
      expect(questions.get('1.2')).toMatchObject({ prefill: null, answer: null });
    }
    const { token } = await send(softwareVendor, 'evidence@software.example');
    const library = questionsOf((await portal(token, 'GET')).body).get('2.6');
    expect(library.prefill).toEqual({
      answer: 'no',
      evidence: [
        {
          checkId: 'vulnerable-js-libraries',
          outcome: 'fail',
          evidence: expect.arrayContaining([expect.stringMatching(/jQuery/i)]),
        },
      ],
    });
  });

  it('flags a "yes" the assessment contradicts, with its evidence, to the vendor and to the analyst', async () => {
    const { id, token } = await send(softwareVendor, 'contradiction@software.example');
    const changed = await portal(token, 'PUT', '/answers/2.6', { answer: 'yes', comment: 'We patch monthly.' });
    expect(changed.status).toBe(200);
    expect(changed.body.state).toBe('in_progress');
    const question = questionsOf(changed.body).get('2.6');
    expect(question).toMatchObject({
      answer: 'yes',
      comment: 'We patch monthly.',
      contradiction: { checkId: 'vulnerable-js-libraries', evidence: expect.arrayContaining([expect.stringMatching(/jQuery/i)]) },
    });

    const seen = await detail(id);
    expect(answerOf(seen, '2.6')).toMatchObject({
      answer: 'yes',
      prefill: { answer: 'no' },
      contradiction: { checkId: 'vulnerable-js-libraries' },
    });
    expect(seen.contradictions).toBe(1);
    // The score counts yes/no questions answered (n/a and unanswered left out), a contradicted yes as no.
    const applicable = seen.answers.filter(
      (answer: { answer: string | null }) => answer.answer === 'yes' || answer.answer === 'no',
    );
    const yes = applicable.filter(
      (answer: { answer: string; contradiction: unknown }) => answer.answer === 'yes' && !answer.contradiction,
    );
    expect(seen.score).toBe(Math.round((yes.length / applicable.length) * 100));
    const listed = await apiCall(alice, 'GET', `/api/questionnaires?vendorId=${softwareVendor.id}&state=in_progress`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id, contradictions: 1, score: seen.score })]);
    expectRefused(await portal(token, 'PUT', '/answers/2.6', { answer: 'maybe' }), 400, M.answerYesNo);
    expectRefused(await portal(token, 'PUT', '/answers/9.9', { answer: 'yes' }), 404, M.questionNotFound);
  });

  it('saves as it goes, names the gaps of a submit, submits, and takes a follow-up back to the vendor', async () => {
    const { id, token } = await send(fixtureVendor, 'answers@fixture.example');
    expect((await portal(token, 'PUT', '/answers/1.2', { answer: 'yes' })).status).toBe(200);
    // A closed tab loses nothing: the page read again has the answer.
    expect(questionsOf((await portal(token, 'GET')).body).get('1.2')).toMatchObject({ answer: 'yes' });

    const gaps = await portal(token, 'POST', '/submit');
    expect(gaps.status).toBe(400);
    const unanswered = gaps.body.errors.map((error: { path: string }) => error.path);
    expect(unanswered).toContain('1.3');
    expect(unanswered).not.toContain('1.2');
    expect(gaps.body.message).toContain(`${unanswered.length} unanswered`);
    expect(gaps.body.message).toContain('1.3');

    for (const questionId of unanswered)
      expect((await portal(token, 'PUT', `/answers/${questionId}`, { answer: 'yes' })).status).toBe(200);
    const submitted = await portal(token, 'POST', '/submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body.state).toBe('submitted');
    expectRefused(
      await portal(token, 'PUT', '/answers/1.2', { answer: 'no' }),
      409,
      'This questionnaire is submitted: it can no longer be changed',
    );

    const followUp = await apiCall(alice, 'POST', `/api/questionnaires/${id}/answers/1.4/review`, {
      decision: 'follow_up',
      note: 'Please attach the last penetration-test summary.',
    });
    expect(followUp.status).toBe(200);
    expect(followUp.body.state).toBe('in_progress');
    const reopened = questionsOf((await portal(token, 'GET')).body).get('1.4');
    expect(reopened.followUp).toBe('Please attach the last penetration-test summary.');
    expect((await portal(token, 'PUT', '/answers/1.4', { answer: 'yes', comment: 'Attached.' })).status).toBe(200);
    expect((await portal(token, 'POST', '/submit')).body.state).toBe('submitted');

    for (const answer of (await detail(id)).answers) {
      const accepted = await apiCall(alice, 'POST', `/api/questionnaires/${id}/answers/${answer.questionId}/review`, {
        decision: 'accept',
      });
      expect(accepted.status).toBe(200);
    }
    const reviewed = await detail(id);
    expect(reviewed.state).toBe('reviewed');
    expect(answerOf(reviewed, '1.4').review).toMatchObject({ decision: 'accept' });
    expectRefused(
      await apiCall(alice, 'POST', `/api/questionnaires/${id}/answers/1.4/review`, { decision: 'follow_up' }),
      400,
      M.noteRequired,
    );
  });

  it('exports the answers with contradictions and review notes to Excel and CSV', async () => {
    const { id, token } = await send(softwareVendor, 'export@software.example');
    await portal(token, 'PUT', '/answers/2.6', { answer: 'yes' });
    await portal(token, 'PUT', '/answers/1.2', { answer: 'no', comment: 'Only under NDA' });

    const csv = await alice.api(`/api/questionnaires/${id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="questionnaire-software-co-.+\.csv"$/);
    const rows = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(25);
    expect(rows.find((row) => row['Question id'] === '2.6')).toMatchObject({
      Answer: 'yes',
      'Contradiction (check)': 'vulnerable-js-libraries',
      Evidence: expect.stringMatching(/jQuery/i),
    });
    expect(rows.find((row) => row['Question id'] === '1.2')).toMatchObject({ Answer: 'no', Comment: 'Only under NDA' });

    const xlsx = await alice.api(`/api/questionnaires/${id}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Answers')!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const cells = (rowNumber: number) =>
      Object.fromEntries(headers.map((header, index) => [header, sheet.getRow(rowNumber).getCell(index + 1).text]));
    const found = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2)).find((row) => row['Question id'] === '2.6');
    expect(found).toMatchObject({ Answer: 'yes', 'Contradiction (check)': 'vulnerable-js-libraries' });
    expectRefused(await apiCall(alice, 'GET', `/api/questionnaires/${id}/export?format=pdf`), 400, M.formatInvalid);
  });

  it('keeps documents with their SHA-256 and validity: valid, expiring within 30 days, expired', async () => {
    const { token } = await send(fixtureVendor, 'documents@fixture.example');
    const upload = async (type: string, validUntil: string, content: Buffer, name = 'report.pdf', mime = 'application/pdf') => {
      const form = new FormData();
      form.append('type', type);
      form.append('validUntil', validUntil);
      form.append('file', new Blob([new Uint8Array(content)], { type: mime }), name);
      const response = await fetch(`${t.baseUrl}/api/portal/${token}/documents`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.42' },
        body: form,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
      return { status: response.status, body: (await response.json()) as any };
    };
    const soc2 = await upload('soc2_report', day(200), PDF);
    expect(soc2).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        type: 'soc2_report',
        sha256: createHash('sha256').update(PDF).digest('hex'),
        validUntil: day(200),
      },
    });
    expect((await upload('insurance_certificate', day(29), PDF, 'insurance.pdf')).status).toBe(201);
    expect((await upload('iso27001_certificate', day(-1), PDF, 'iso.pdf')).status).toBe(201);
    expectRefused(
      await upload('soc2_report', day(30), Buffer.from('<html>not a pdf</html>'), 'fake.pdf'),
      400,
      MESSAGES.remediation.fileType,
    );
    expectRefused(
      await upload('passport', day(30), PDF),
      400,
      expect.stringContaining('The document type must be one of') as unknown as string,
    );

    const listed = await apiCall(alice, 'GET', `/api/vendors/${fixtureVendor.id}/documents`);
    expect(listed.body.items.map(({ type, status }: { type: string; status: string }) => [type, status]).sort()).toEqual([
      ['insurance_certificate', 'expiring'],
      ['iso27001_certificate', 'expired'],
      ['soc2_report', 'valid'],
    ]);
    const file = await alice.api(`/api/vendors/${fixtureVendor.id}/documents/${soc2.body.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="report\.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const outsider = await t.signUp();
    expect((await apiCall(outsider, 'GET', `/api/vendors/${fixtureVendor.id}/documents/${soc2.body.id}`)).status).toBe(404);

    // What the programme's overview and the risk profile read (wired by the programme module).
    const reader = t.app.get(QuestionnaireProgrammeReader);
    expect(await reader.documentCounts(await personalWorkspaceOf(t.database.db, alice.id))).toEqual({ expiring: 1, expired: 1 });
    const profile = await reader.vendorProfile(await personalWorkspaceOf(t.database.db, alice.id), fixtureVendor.id);
    expect(profile.documents).toHaveLength(3);
    expect(profile.questionnaire).toMatchObject({ templateName: 'Minimum Viable Secure Product (MVSP) v3.0' });
  });

  it('cancels a questionnaire: its link answers the same 404 as an unknown one', async () => {
    const { id, token } = await send(fixtureVendor, 'cancel@fixture.example');
    const reader = t.app.get(QuestionnaireProgrammeReader);
    const before = await reader.questionnaireCounts(await personalWorkspaceOf(t.database.db, alice.id));
    const cancelled = await apiCall(alice, 'POST', `/api/questionnaires/${id}/cancel`);
    expect(cancelled.body.state).toBe('cancelled');
    expectRefused(await portal(token, 'GET'), 404, MESSAGES.remediation.linkInvalid);
    expectRefused(await portal(token, 'PUT', '/answers/1.2', { answer: 'yes' }), 404, MESSAGES.remediation.linkInvalid);
    expect(await reader.questionnaireCounts(await personalWorkspaceOf(t.database.db, alice.id))).toEqual({
      ...before,
      open: before.open - 1,
    });
  });
});
