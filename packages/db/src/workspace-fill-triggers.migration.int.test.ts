import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { migrationsFolderBefore, migrationsFolderThrough, urlFor, withAdmin } from './testing';

const MIGRATION = '0022_drop_workspace_fill_triggers';

/** The tables whose `<table>_fill_workspace_id` trigger (migration 0016) 0022 drops. */
const FILLED_BY_TRIGGER = [
  'vendors',
  'projects',
  'crawler_configs',
  'schedule_preferences',
  'alert_channels',
  'alert_rules',
  'crawler_settings',
  'crawl_jobs',
  'vendor_schedules',
  'schedule_runs',
  'crawl_pages',
  'compliance_assessments',
  'crawl_changes',
  'crawl_inventories',
  'crawl_domain_posture',
  'alert_deliveries',
] as const;

/**
 * 0022 on a database filled the way the code before it fills one: some rows name their workspace (a
 * vendor added to a team, the crawl started for it), the rest were given theirs by the triggers (the
 * crawl's pages, assessment, comparison, inventory, posture and alerts). Afterwards every row is as it
 * was, the triggers are gone, and an insert that leaves the workspace out fails instead of landing in
 * someone's personal workspace.
 */
describe(`migration ${MIGRATION}`, () => {
  const name = `vw_migration_${randomBytes(6).toString('hex')}`;
  const before = migrationsFolderBefore(MIGRATION);
  const through = migrationsFolderThrough(MIGRATION);
  let client: Client;
  const users = { alice: randomUUID(), bob: randomUUID() };
  let team: string;

  beforeAll(async () => {
    await withAdmin((db) => db.query(`create database "${name}"`));
    client = new Client({ connectionString: urlFor(name) });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: before });
    team = (await client.query<{ id: string }>(`insert into workspaces (name) values ('Team') returning id`)).rows[0]!.id;
    await fill(client, 'alice', users.alice, null);
    await fill(client, 'bob', users.bob, team);
  });

  afterAll(async () => {
    await client?.end();
    await withAdmin((db) => db.query(`drop database if exists "${name}" with (force)`));
    rmSync(before, { recursive: true, force: true });
    rmSync(through, { recursive: true, force: true });
  });

  it('keeps every row in its workspace and drops the sixteen triggers and their functions, nothing else', async () => {
    const rowsBefore = Object.fromEntries(
      await Promise.all(FILLED_BY_TRIGGER.map(async (table) => [table, await rowsOf(client, table)])),
    );
    for (const table of FILLED_BY_TRIGGER) expect(rowsBefore[table].length).toBeGreaterThanOrEqual(2);
    // The team's rows below its vendor took the team's workspace, whoever wrote them.
    const inTeam = await client.query<{ n: number }>(`select count(*)::int as n from crawl_pages where workspace_id = $1`, [
      team,
    ]);
    expect(inTeam.rows).toEqual([{ n: 1 }]);
    const triggersBefore = await triggers(client);
    expect(triggersBefore.filter((trigger) => trigger.endsWith('_fill_workspace_id')).sort()).toEqual(
      FILLED_BY_TRIGGER.map((table) => `${table}_fill_workspace_id`).sort(),
    );

    await migrate(drizzle(client), { migrationsFolder: through });

    for (const table of FILLED_BY_TRIGGER)
      expect({ table, rows: await rowsOf(client, table) }).toEqual({ table, rows: rowsBefore[table] });
    expect(await triggers(client)).toEqual(triggersBefore.filter((trigger) => !trigger.endsWith('_fill_workspace_id')));
    expect(await triggers(client)).toEqual(expect.arrayContaining(['users_personal_workspace', 'audit_log_append_only']));
    const functions = await client.query<{ proname: string }>(
      `select proname from pg_proc where proname like 'fill_workspace%' or proname = 'personal_workspace_of'`,
    );
    expect(functions.rows).toEqual([]);
  });

  it('refuses a row without its workspace in every table the triggers filled', async () => {
    for (const table of FILLED_BY_TRIGGER) {
      // A copy of a stored row with no workspace: NOT NULL is checked before any key, so it is what refuses.
      const refused = await client
        .query(
          `insert into "${table}" select (jsonb_populate_record(null::"${table}", to_jsonb(t) || '{"workspace_id": null}')).* from "${table}" t limit 1`,
        )
        .then(
          () => null,
          (error: { code?: string; column?: string }) => ({ code: error.code, column: error.column }),
        );
      expect({ table, refused }).toEqual({ table, refused: { code: '23502', column: 'workspace_id' } });
    }
  });

  it('still gives a new account its personal workspace', async () => {
    const carol = await client.query<{ id: string }>(
      `insert into users (email, encrypted_password) values ('carol@example.com', 'x') returning id`,
    );
    const personal = await client.query(`select 1 from workspaces where personal and created_by = $1`, [carol.rows[0]!.id]);
    expect(personal.rowCount).toBe(1);
  });
});

/** The triggers of the public schema's tables (not the ones behind constraints), in a stable order. */
async function triggers(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ tgname: string }>(`select tgname from pg_trigger where not tgisinternal order by tgname`);
  return rows.map((row) => row.tgname);
}

/** Every row of the table as JSON, its workspace included, in a stable order. */
async function rowsOf(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ row: string }>(`select to_jsonb(t)::text as row from "${table}" t order by 1`);
  return rows.map((r) => r.row);
}

/**
 * One user's data in every table the triggers filled, as the code before 0022 writes it: the vendor and
 * its crawl name `workspace` when it is a team's (else they and every other row were left to the triggers).
 */
async function fill(client: Client, who: string, userId: string, workspace: string | null): Promise<void> {
  const one = async (text: string, values: unknown[] = []) => (await client.query<{ id: string }>(text, values)).rows[0]?.id;
  await client.query(`insert into users (id, email, encrypted_password, email_confirmed_at) values ($1, $2, 'x', now())`, [
    userId,
    `${who}@example.com`,
  ]);
  if (workspace)
    await client.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner')`, [
      workspace,
      userId,
    ]);
  const vendor = await one(
    `insert into vendors (user_id, workspace_id, name, url) values ($1, $2, $3, 'https://acme.example/') returning id`,
    [userId, workspace, `${who}'s vendor`],
  );
  await one(`insert into projects (user_id, name) values ($1, 'Site') returning id`, [userId]);
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
    `insert into crawl_jobs (user_id, workspace_id, vendor_id, method, status, target_url, crawler_config_id, completed_at)
     values ($1, $2, $3, 'api', 'completed', 'https://acme.example/', $4, now()) returning id`,
    [userId, workspace, vendor, config],
  );
  const previous = await one(
    `insert into crawl_jobs (user_id, vendor_id, method, status, target_url) values ($1, $2, 'http', 'completed', 'https://acme.example/') returning id`,
    [userId, vendor],
  );
  await client.query(
    `insert into crawl_pages (job_id, user_id, vendor_id, url, status_code, response_time_ms, title) values ($1, $2, $3, 'https://acme.example/', 200, 120, 'Acme')`,
    [job, userId, vendor],
  );
  await client.query(
    `insert into compliance_assessments (job_id, user_id, vendor_id, method, target_url, catalogue_version, rate, label, passed)
     values ($1, $2, $3, 'api', 'https://acme.example/', '1', 90, 'Compliant', 9)`,
    [job, userId, vendor],
  );
  await client.query(
    `insert into crawl_changes (job_id, previous_job_id, user_id, vendor_id, changed) values ($1, $2, $3, $4, 1)`,
    [job, previous, userId, vendor],
  );
  await client.query(
    `insert into crawl_inventories (job_id, user_id, vendor_id, grades) values ($1, $2, $3, '{"overall":"A"}')`,
    [job, userId, vendor],
  );
  await client.query(
    `insert into crawl_domain_posture (job_id, facts, dns_queries) values ($1, '{"domain":"acme.example"}', 3)`,
    [job],
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
     values ($1, $2, $3, 'crawl_failed', $4, $5, '{"subject":"Crawl failed"}', 'delivered')`,
    [userId, channel, rule, job, `${job}:crawl_failed`],
  );
}
