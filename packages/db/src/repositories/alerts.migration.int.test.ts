import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../database';

/** The migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'vw-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  for (const { tag } of entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/**
 * 0010_alert_hardening on a database that has alerts: channels and deliveries survive; a webhook and
 * an email channel to the owner's confirmed address count as confirmed, any other address waits for
 * its link; identical rules (the spam of issue 28) collapse into the oldest.
 */
describe('migration 0010_alert_hardening', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo('0009_alerts') });
  });
  afterAll(() => client.close());

  it('keeps channels, rules and deliveries, confirming what was proven and merging identical rules', async () => {
    await client.exec(`
      insert into users (id, email, encrypted_password, email_confirmed_at) values
        ('00000000-0000-4000-8000-000000000001', 'Owner@Example.test', 'x', now()),
        ('00000000-0000-4000-8000-000000000002', 'unconfirmed@example.test', 'x', null);
      insert into alert_channels (id, user_id, name, kind, target, secret_encrypted, created_at) values
        ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'Hook', 'webhook', 'https://hooks.example/t0ken', 'v1:a:b:c', '2026-01-01T00:00:00Z'),
        ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Me', 'email', 'owner@example.test', null, now()),
        ('10000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'Other', 'email', 'victim@example.test', null, now()),
        ('10000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000002', 'Mine', 'email', 'unconfirmed@example.test', null, now());
      insert into alert_rules (id, user_id, kind, min_severity, threshold_percent, created_at) values
        ('20000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'crawl_failed', null, null, '2026-01-01T00:00:00Z'),
        ('20000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'crawl_failed', null, null, '2026-01-02T00:00:00Z'),
        ('20000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'crawl_failed', null, null, '2026-01-03T00:00:00Z'),
        ('20000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', 'pages_changed', null, 20, '2026-01-01T00:00:00Z'),
        ('20000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000001', 'pages_changed', null, 30, '2026-01-01T00:00:00Z');
      insert into alert_deliveries (user_id, channel_id, rule_id, rule_kind, event, status) values
        ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002', 'crawl_failed', '{"subject":"s"}', 'delivered'),
        ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000001', 'crawl_failed', '{"subject":"s"}', 'delivered');
    `);

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

    const channels = await client.query<{ name: string; target: string; confirmed: boolean; same_time: boolean }>(
      `select name, target, confirmed_at is not null as confirmed, confirmed_at = created_at as same_time from alert_channels order by id`,
    );
    expect(channels.rows).toEqual([
      { name: 'Hook', target: 'https://hooks.example/t0ken', confirmed: true, same_time: true },
      { name: 'Me', target: 'owner@example.test', confirmed: true, same_time: expect.any(Boolean) },
      { name: 'Other', target: 'victim@example.test', confirmed: false, same_time: null },
      { name: 'Mine', target: 'unconfirmed@example.test', confirmed: false, same_time: null },
    ]);
    const rules = await client.query<{ id: string }>(`select id from alert_rules order by id`);
    expect(rules.rows.map((row) => row.id)).toEqual([
      '20000000-0000-4000-8000-000000000001',
      '20000000-0000-4000-8000-000000000004',
      '20000000-0000-4000-8000-000000000005',
    ]);
    const deliveries = await client.query<{ rule_id: string | null; event_key: string | null }>(
      `select rule_id, event_key from alert_deliveries order by rule_id nulls first`,
    );
    // The delivery of a merged rule stays, without its rule (as when a rule is deleted).
    expect(deliveries.rows).toEqual([
      { rule_id: null, event_key: null },
      { rule_id: '20000000-0000-4000-8000-000000000001', event_key: null },
    ]);
    await expect(
      client.exec(
        `insert into alert_rules (user_id, workspace_id, kind)
         select created_by, id, 'crawl_failed' from workspaces where personal and created_by = '00000000-0000-4000-8000-000000000001'`,
      ),
    ).rejects.toThrow(/alert_rules_(user|workspace)_kind_parameters_key/); // per workspace since 0018
  });
});
