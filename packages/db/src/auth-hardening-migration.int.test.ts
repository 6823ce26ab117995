import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER } from './database';
import { urlFor, withAdmin } from './testing';

const MIGRATION = '0014_auth_hardening';

/**
 * 0014 adds the counts that bound guessing of a second factor. An installation that already has
 * users with factors and challenges keeps every row, and its factors start unlocked with no count.
 */
describe(`migration ${MIGRATION}`, () => {
  const name = `vw_migration_${randomBytes(6).toString('hex')}`;
  const url = urlFor(name);
  const before = mkdtempSync(path.join(os.tmpdir(), 'vw-migrations-'));
  let client: Client;

  beforeAll(async () => {
    await withAdmin((db) => db.query(`create database "${name}"`));
    // The migrations as they stood before this one.
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    client = new Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await withAdmin((db) => db.query(`drop database if exists "${name}" with (force)`));
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps users, factors and challenges; factors start unlocked, challenges with no codes tried', async () => {
    await migrate(drizzle(client), { migrationsFolder: before });
    const user = await client.query<{ id: string }>(
      `insert into users (email, encrypted_password) values ('kept@example.com', 'hash') returning id`,
    );
    const factor = await client.query<{ id: string }>(
      `insert into mfa_factors (user_id, friendly_name, factor_type, status, secret, last_time_step)
       values ($1, 'Phone', 'totp', 'verified', 'v1:secret', 42) returning id`,
      [user.rows[0]!.id],
    );
    await client.query(`insert into mfa_challenges (factor_id, ip_address) values ($1, '203.0.113.9')`, [factor.rows[0]!.id]);

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

    const factors = await client.query(`select friendly_name, status, secret, last_time_step, locked_until from mfa_factors`);
    expect(factors.rows).toEqual([
      { friendly_name: 'Phone', status: 'verified', secret: 'v1:secret', last_time_step: '42', locked_until: null },
    ]);
    const challenges = await client.query(`select ip_address, attempts from mfa_challenges`);
    expect(challenges.rows).toEqual([{ ip_address: '203.0.113.9', attempts: 0 }]);
    expect((await client.query(`select count(*)::int as n from mfa_code_attempts`)).rows).toEqual([{ n: 0 }]);
  });
});
