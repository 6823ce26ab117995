import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER } from './database';
import { TEST_POSTGRES_URL } from './testing';

const TAG = '0013_report_states';

/** The migrations folder as it was before `TAG`: the same files, its journal cut before the entry. */
function foldersBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vw-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Migration 0013 on data written before it: stored outcomes of checks a crawl could not evaluate are
 * marked so, each comparison gets its crawls' methods, and findings an earlier comparison called
 * resolved or new although one crawl did not evaluate them become "not comparable" — the rest stays.
 */
describe(`migration ${TAG}`, () => {
  const name = `vw_migration_${randomBytes(5).toString('hex')}`;
  const url = (() => {
    const parsed = new URL(TEST_POSTGRES_URL);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  })();
  let admin: Client;
  let client: Client;

  beforeAll(async () => {
    admin = new Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    client = new Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it('keeps the data and moves what one crawl did not evaluate out of new and resolved', async () => {
    await migrate(drizzle(client), { migrationsFolder: foldersBefore(TAG) });
    const [user, vendor, browserJob, httpJob, browserAssessment, httpAssessment] = Array.from({ length: 6 }, () => randomUUID());
    await client.query(`insert into users (id, email, encrypted_password) values ($1, 'old@example.com', 'x')`, [user]);
    await client.query(`insert into vendors (id, user_id, name, url) values ($1, $2, 'Acme', 'https://acme.example/')`, [
      vendor,
      user,
    ]);
    for (const [job, method, at] of [
      [browserJob, 'puppeteer', '2025-03-01T10:00:00Z'],
      [httpJob, 'http', '2025-03-02T10:00:00Z'],
    ])
      await client.query(
        `insert into crawl_jobs (id, user_id, vendor_id, method, status, target_url, created_at, completed_at)
         values ($1, $2, $3, $4, 'completed', 'https://acme.example/', $5, $5)`,
        [job, user, vendor, method, at],
      );
    const result = (assessment: string, position: number, checkId: string, outcome: string, summary: string) =>
      client.query(
        `insert into compliance_check_results (assessment_id, position, check_id, "group", severity, outcome, title, summary, why_it_matters, how_to_fix)
         values ($1, $2, $3, 'accessibility', 'high', $4, $3, $5, 'why', 'how')`,
        [assessment, position, checkId, outcome, summary],
      );
    for (const [assessment, job, method, rate] of [
      [browserAssessment, browserJob, 'puppeteer', 40],
      [httpAssessment, httpJob, 'http', 60],
    ] as const)
      await client.query(
        `insert into compliance_assessments (id, job_id, user_id, vendor_id, method, target_url, catalogue_version, rate, label)
         values ($1, $2, $3, $4, $5, 'https://acme.example/', 'v1', $6, 'Non-Compliant')`,
        [assessment, job, user, vendor, method, rate],
      );
    await result(browserAssessment, 0, 'https', 'fail', 'Served over plain HTTP on all 3 pages');
    await result(browserAssessment, 1, 'axe-violations', 'fail', 'Serious or critical violations of 1 rule');
    await result(browserAssessment, 2, 'cookie-consent', 'not_applicable', 'No cookie or tracker needs consent');
    await result(httpAssessment, 0, 'https', 'pass', 'Served over HTTPS on all 3 pages');
    await result(httpAssessment, 1, 'axe-violations', 'not_applicable', 'Needs the browser (puppeteer) method');
    await result(httpAssessment, 2, 'cookie-consent', 'not_applicable', 'No cookie or tracker needs consent');
    const finding = (checkId: string, outcome: string, previousOutcome: string) => ({
      checkId,
      title: checkId,
      severity: 'high',
      outcome,
      previousOutcome,
    });
    await client.query(
      `insert into crawl_changes (job_id, previous_job_id, user_id, vendor_id, findings_new, findings_resolved)
       values ($1, $2, $3, $4, '[]'::jsonb, $5::jsonb)`,
      [
        httpJob,
        browserJob,
        user,
        vendor,
        JSON.stringify([finding('https', 'pass', 'fail'), finding('axe-violations', 'not_applicable', 'fail')]),
      ],
    );

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows: results } = await client.query(
      `select assessment_id, check_id, outcome, summary, evaluated from compliance_check_results order by assessment_id = $1 desc, position`,
      [browserAssessment],
    );
    expect(results.map((row) => [row.check_id, row.outcome, row.evaluated])).toEqual([
      ['https', 'fail', true],
      ['axe-violations', 'fail', true],
      ['cookie-consent', 'not_applicable', true],
      ['https', 'pass', true],
      ['axe-violations', 'not_applicable', false],
      ['cookie-consent', 'not_applicable', true],
    ]);
    const {
      rows: [change],
    } = await client.query(`select * from crawl_changes where job_id = $1`, [httpJob]);
    expect(change).toMatchObject({
      method_before: 'puppeteer',
      method_after: 'http',
      findings_new: [],
      findings_resolved: [finding('https', 'pass', 'fail')],
      findings_not_comparable: [finding('axe-violations', 'not_applicable', 'fail')],
    });
    const { rows: assessments } = await client.query(`select rate from compliance_assessments order by rate`);
    expect(assessments.map((row) => Number(row.rate))).toEqual([40, 60]);
  });
});
