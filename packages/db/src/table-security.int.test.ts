import { Client } from 'pg';
import { productTableNames } from './table-security';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './testing';

/**
 * A hosted Supabase database: its Data API reads `public` as `anon` (the anon key) and
 * `authenticated`, which Supabase grants every table. After the migrations no product table is
 * readable by them, nor by any role granted a table later (row-level security, no policy).
 */
describe('product tables on a shared database', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    // The Data API's roles, as a Supabase project has them (cluster-wide; made once, kept).
    const admin = new Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    for (const role of ['anon', 'authenticated', 'vw_test_table_owner'])
      await admin
        .query(`do $$ begin create role ${role} nologin; exception when duplicate_object then null; end $$`)
        .catch((error: { code?: string }) => {
          if (error.code !== '23505') throw error; // another test file made it at the same moment
        });
    await admin.end();
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    // What Supabase grants by default on `public`.
    await client.query('grant usage on schema public to anon, authenticated');
    await client.query('grant all on all tables in schema public to anon, authenticated');
    await database.migrate();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('lists every product table', () => {
    expect(productTableNames()).toEqual(expect.arrayContaining(['users', 'auth_signing_keys', 'crawl_jobs', 'vendors']));
  });

  it.each(['anon', 'authenticated'])('%s can read no product table', async (role) => {
    for (const table of productTableNames()) {
      await client.query(`set role ${role}`);
      const answer = await client.query(`select * from "${table}" limit 1`).then(
        () => 'readable',
        (error: { code?: string }) => error.code,
      );
      await client.query('reset role');
      expect([table, answer]).toEqual([table, '42501']); // insufficient_privilege
    }
  });

  it('a role granted a table later still sees no row: row-level security with no policy', async () => {
    await client.query(`insert into users (email, encrypted_password) values ('rls@example.com', 'x')`);
    await client.query('grant select on users to authenticated');
    await client.query('set role authenticated');
    const { rows } = await client.query('select * from users');
    await client.query('reset role');
    expect(rows).toEqual([]);

    // The table's owner — the app's role, not necessarily a superuser — reads every row.
    await client.query('alter table users owner to vw_test_table_owner');
    await client.query('set role vw_test_table_owner');
    const owner = await client.query<{ n: number }>('select count(*)::int as n from users');
    await client.query('reset role');
    expect(owner.rows[0]!.n).toBe(1);
  });
});
