import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { migrationsFolderBefore, migrationsFolderThrough, urlFor, withAdmin } from './testing';

const MIGRATION = '0016_workspaces';

/** Tables with a `user_id` whose rows 0016 moves into their owner's personal workspace. */
const OWNED_BY_USER = [
  'vendors',
  'projects',
  'crawler_configs',
  'crawler_settings',
  'crawl_jobs',
  'crawl_pages',
  'compliance_assessments',
  'crawl_changes',
  'crawl_inventories',
  'vendor_schedules',
  'schedule_runs',
  'schedule_preferences',
  'alert_channels',
  'alert_rules',
  'alert_deliveries',
] as const;
/** Owned through their crawl: they take its workspace. */
const OWNED_BY_CRAWL = ['crawl_domain_posture'] as const;
/** Reached through a parent that has the workspace: no column of their own. */
const CHILD_TABLES = [
  'project_pages',
  'project_elements',
  'crawl_frontier',
  'compliance_check_results',
  'crawl_page_changes',
  'users',
] as const;

/**
 * 0016 on a database filled the way the code before it fills one: two users, each with a row in
 * every table they own. Afterwards each user has exactly one personal workspace that they own, every
 * row sits in its owner's, and no row lost or changed anything but gaining its workspace.
 */
describe(`migration ${MIGRATION}`, () => {
  const name = `vw_migration_${randomBytes(6).toString('hex')}`;
  const before = migrationsFolderBefore(MIGRATION);
  const through = migrationsFolderThrough(MIGRATION);
  let client: Client;
  const users = { alice: randomUUID(), bob: randomUUID() };

  beforeAll(async () => {
    await withAdmin((db) => db.query(`create database "${name}"`));
    client = new Client({ connectionString: urlFor(name) });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: before });
    for (const [who, id] of Object.entries(users)) await fill(client, who, id);
  });

  afterAll(async () => {
    await client?.end();
    await withAdmin((db) => db.query(`drop database if exists "${name}" with (force)`));
    rmSync(before, { recursive: true, force: true });
    rmSync(through, { recursive: true, force: true });
  });

  it('gives every user one personal workspace they own, moves each row into its owner’s, and changes nothing else', async () => {
    const tables = [...OWNED_BY_USER, ...OWNED_BY_CRAWL, ...CHILD_TABLES];
    const rowsBefore = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rowsOf(client, table)])));
    for (const table of [...OWNED_BY_USER, ...OWNED_BY_CRAWL]) expect(rowsBefore[table].length).toBeGreaterThanOrEqual(2);

    // This migration alone: later ones add columns to the tables compared below.
    await migrate(drizzle(client), { migrationsFolder: through });

    const personal = await client.query<{ created_by: string; name: string; members: { user_id: string; role: string }[] }>(
      `select w.created_by, w.name, json_agg(json_build_object('user_id', m.user_id, 'role', m.role)) as members
         from workspaces w join workspace_members m on m.workspace_id = w.id
        where w.personal group by w.id order by w.created_by`,
    );
    expect(personal.rows).toEqual(
      Object.values(users)
        .sort()
        .map((id) => ({ created_by: id, name: 'Personal', members: [{ user_id: id, role: 'owner' }] })),
    );
    expect((await client.query(`select count(*)::int as n from workspaces`)).rows).toEqual([{ n: 2 }]);

    for (const table of OWNED_BY_USER) {
      const misplaced = await client.query(
        `select t.* from "${table}" t left join workspaces w on w.id = t.workspace_id
          where w.id is null or not w.personal or w.created_by <> t.user_id`,
      );
      expect({ table, misplaced: misplaced.rows }).toEqual({ table, misplaced: [] });
    }
    const posture = await client.query(
      `select p.* from crawl_domain_posture p join crawl_jobs j on j.id = p.job_id where p.workspace_id is distinct from j.workspace_id`,
    );
    expect(posture.rows).toEqual([]);

    for (const table of tables) expect({ table, rows: await rowsOf(client, table) }).toEqual({ table, rows: rowsBefore[table] });
  });

  it('keeps the code of before working: a row inserted without a workspace lands in its parent’s or its owner’s personal one', async () => {
    const alicePersonal = await personalOf(client, users.alice);
    const vendor = await client.query<{ id: string; workspace_id: string }>(
      `insert into vendors (user_id, name) values ($1, 'Later Co') returning id, workspace_id`,
      [users.alice],
    );
    expect(vendor.rows[0]!.workspace_id).toBe(alicePersonal);
    // A crawl of a vendor takes the vendor's workspace, whoever starts it; its page takes the crawl's.
    const team = await client.query<{ id: string }>(`insert into workspaces (name) values ('Team') returning id`);
    const teamVendor = await client.query<{ id: string }>(
      `insert into vendors (user_id, workspace_id, name) values ($1, $2, 'Team Co') returning id`,
      [users.bob, team.rows[0]!.id],
    );
    const job = await client.query<{ id: string; workspace_id: string }>(
      `insert into crawl_jobs (user_id, vendor_id, method, target_url) values ($1, $2, 'http', 'https://team.example/') returning id, workspace_id`,
      [users.bob, teamVendor.rows[0]!.id],
    );
    expect(job.rows[0]!.workspace_id).toBe(team.rows[0]!.id);
    const page = await client.query<{ workspace_id: string }>(
      `insert into crawl_pages (job_id, user_id, url) values ($1, $2, 'https://team.example/') returning workspace_id`,
      [job.rows[0]!.id, users.bob],
    );
    expect(page.rows[0]!.workspace_id).toBe(team.rows[0]!.id);
    // An account made after the migration comes with its personal workspace.
    const carol = await client.query<{ id: string }>(
      `insert into users (email, encrypted_password) values ('carol@example.com', 'x') returning id`,
    );
    expect(await personalOf(client, carol.rows[0]!.id)).toEqual(expect.any(String));
  });
});

const personalOf = async (client: Client, userId: string): Promise<string | undefined> =>
  (
    await client.query<{ id: string }>(
      `select w.id from workspaces w join workspace_members m on m.workspace_id = w.id and m.user_id = w.created_by and m.role = 'owner'
        where w.personal and w.created_by = $1`,
      [userId],
    )
  ).rows[0]?.id;

/** Every row of the table as JSON without its workspace, in a stable order. */
async function rowsOf(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ row: string }>(
    `select (to_jsonb(t) - 'workspace_id')::text as row from "${table}" t order by 1`,
  );
  return rows.map((r) => r.row);
}

/** One user's data in every table they own, as the code before 0016 writes it. */
async function fill(client: Client, who: string, userId: string): Promise<void> {
  const one = async (text: string, values: unknown[] = []) => (await client.query<{ id: string }>(text, values)).rows[0]?.id;
  await client.query(`insert into users (id, email, encrypted_password, email_confirmed_at) values ($1, $2, 'x', now())`, [
    userId,
    `${who}@example.com`,
  ]);
  const vendor = await one(`insert into vendors (user_id, name, url) values ($1, $2, 'https://acme.example/') returning id`, [
    userId,
    `${who}'s vendor`,
  ]);
  const project = await one(`insert into projects (user_id, name) values ($1, 'Site') returning id`, [userId]);
  const page = await one(`insert into project_pages (project_id, title) values ($1, 'Home') returning id`, [project]);
  await client.query(`insert into project_elements (page_id, type, content) values ($1, 'text', 'Hello')`, [page]);
  const config = await one(
    `insert into crawler_configs (user_id, name, api_key_encrypted, api_key_last4, api_endpoint, is_active)
     values ($1, 'Bee', 'v1:cipher', 'abcd', 'https://app.scrapingbee.com/api/v1', true) returning id`,
    [userId],
  );
  await client.query(`insert into crawler_settings (vendor_id, user_id, start_urls) values ($1, $2, '{https://acme.example/}')`, [
    vendor,
    userId,
  ]);
  const job = await one(
    `insert into crawl_jobs (user_id, vendor_id, method, status, target_url, crawler_config_id, completed_at)
     values ($1, $2, 'api', 'completed', 'https://acme.example/', $3, now()) returning id`,
    [userId, vendor, config],
  );
  const previous = await one(
    `insert into crawl_jobs (user_id, vendor_id, method, status, target_url) values ($1, $2, 'http', 'completed', 'https://acme.example/') returning id`,
    [userId, vendor],
  );
  // A test crawl: no vendor.
  await client.query(
    `insert into crawl_jobs (user_id, kind, method, status, target_url) values ($1, 'test', 'puppeteer', 'failed', 'https://t.example/')`,
    [userId],
  );
  await client.query(`insert into crawl_frontier (job_id, url, state) values ($1, 'https://acme.example/', 'done')`, [job]);
  await client.query(
    `insert into crawl_pages (job_id, user_id, vendor_id, url, status_code, response_time_ms, title) values ($1, $2, $3, 'https://acme.example/', 200, 120, 'Acme')`,
    [job, userId, vendor],
  );
  const assessment = await one(
    `insert into compliance_assessments (job_id, user_id, vendor_id, method, target_url, catalogue_version, rate, label, passed)
     values ($1, $2, $3, 'api', 'https://acme.example/', '1', 90, 'Compliant', 9) returning id`,
    [job, userId, vendor],
  );
  await client.query(
    `insert into compliance_check_results (assessment_id, position, check_id, "group", severity, outcome, title, summary, why_it_matters, how_to_fix)
     values ($1, 0, 'https', 'transport', 'high', 'pass', 'HTTPS', 'Served over HTTPS', 'Why', 'How')`,
    [assessment],
  );
  const change = await one(
    `insert into crawl_changes (job_id, previous_job_id, user_id, vendor_id, changed) values ($1, $2, $3, $4, 1) returning id`,
    [job, previous, userId, vendor],
  );
  await client.query(`insert into crawl_page_changes (change_id, url, kind) values ($1, 'https://acme.example/', 'changed')`, [
    change,
  ]);
  await client.query(
    `insert into crawl_inventories (job_id, user_id, vendor_id, grades) values ($1, $2, $3, '{"overall":"A"}'), ($4, $2, $3, '{"overall":"B"}')`,
    [job, userId, vendor, previous],
  );
  await client.query(
    `insert into crawl_domain_posture (job_id, facts, dns_queries) values ($1, '{"domain":"acme.example"}', 3), ($2, '{}', 0)`,
    [job, previous],
  );
  await client.query(`insert into vendor_schedules (vendor_id, user_id, kind, method) values ($1, $2, 'daily', 'http')`, [
    vendor,
    userId,
  ]);
  await client.query(
    `insert into schedule_runs (vendor_id, user_id, run_key, scheduled_for, outcome, crawl_job_id) values ($1, $2, 'run-1', now(), 'started', $3)`,
    [vendor, userId, job],
  );
  await client.query(`insert into schedule_preferences (user_id, paused) values ($1, true)`, [userId]);
  const channel = await one(
    `insert into alert_channels (user_id, name, kind, target, confirmed_at) values ($1, 'Me', 'email', $2, now()) returning id`,
    [userId, `${who}@example.com`],
  );
  const rule = await one(`insert into alert_rules (user_id, kind) values ($1, 'crawl_failed') returning id`, [userId]);
  await client.query(
    `insert into alert_deliveries (user_id, channel_id, rule_id, rule_kind, crawl_job_id, event_key, event, status)
     values ($1, $2, $3, 'crawl_failed', $4, $5, '{"subject":"Crawl failed"}', 'delivered'),
            ($1, $2, null, 'test', null, null, '{"subject":"Test"}', 'pending')`,
    [userId, channel, rule, job, `${job}:crawl_failed`],
  );
}
