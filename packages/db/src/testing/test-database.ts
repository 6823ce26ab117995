import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../database';

/**
 * Test databases, after immich's "medium" tests: every test file gets a fresh database cloned
 * from a template that the migrations built once. Cloning takes milliseconds; migrating takes seconds.
 */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of this test's own database (undefined on PGlite). */
  url?: string;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/** The connection string of `database` on the test server. */
export function urlFor(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The template's name changes whenever a migration changes, so a stale template is never used — the
 * journal included: the migrator decides by its times which migrations a database still needs.
 */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  hash.update(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json')));
  return `vw_template_${hash.digest('hex').slice(0, 12)}`;
}

/** Runs `fn` with a connection of its own to the database at `url`, closed after it. */
export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs `fn` with a connection to the test server's maintenance database (to create and drop databases). */
export const withAdmin = <T>(fn: (client: Client) => Promise<T>): Promise<T> => withClient(TEST_POSTGRES_URL, fn);

/** The advisory lock key of a database's build (any fixed number no other lock of the test server uses). */
export const DATABASE_BUILD_LOCK = 4_117_020_531;

/** Builds the migrated template if it does not exist yet. Called from Jest's global setup, and by every test database. */
export async function ensureTemplateDatabase(): Promise<string> {
  const name = templateName();
  await buildDatabaseOnce(name, async (url) => {
    const handle = await openDatabase({ url, poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  });
  return name;
}

/**
 * Creates database `name` unless it exists: `build` fills a copy under another name, which is renamed
 * once built, so a half-built database is never taken for the finished one. Test runs on one machine may
 * start at once (two tiers in two terminals after a migration changed): the build holds an advisory lock,
 * and the second waits for the first's database instead of dropping its copy mid-build.
 */
export async function buildDatabaseOnce(name: string, build: (url: string) => Promise<void>): Promise<void> {
  const exists = (admin: Client) =>
    admin.query('select 1 from pg_database where datname = $1', [name]).then(({ rowCount }) => Boolean(rowCount));
  await withAdmin(async (admin) => {
    if (await exists(admin)) return;
    // Session-level: released when this connection ends, whatever happens in between.
    await admin.query('select pg_advisory_lock($1)', [DATABASE_BUILD_LOCK]);
    if (await exists(admin)) return;
    const building = `${name}_building`;
    // A copy left by a run stopped mid-build: never used, built again.
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    await build(urlFor(building));
    await admin.query(`alter database "${building}" rename to "${name}"`);
  });
}

/** A fresh, migrated database owned by the calling test file. */
export async function createTestDatabase(driver: 'postgres' | 'pglite' = 'postgres'): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return { ...handle, drop: () => handle.close() };
  }
  const template = await ensureTemplateDatabase();
  const name = `vw_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}" template "${template}"`));
  const url = urlFor(name);
  const handle = await openDatabase({ url, poolSize: 5 });
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * A copy of the migrations as they stood before `tag` (the same files, the journal cut before its
 * entry), for a migration test to fill a database the way the code of before did. The caller removes it.
 */
export function migrationsFolderBefore(tag: string): string {
  return migrationsFolderCut(tag, 0);
}

/**
 * A copy of the migrations up to and including `tag`, for a migration test to run that one migration
 * and none that came after it (later ones change the tables it compares). The caller removes it.
 */
export function migrationsFolderThrough(tag: string): string {
  return migrationsFolderCut(tag, 1);
}

function migrationsFolderCut(tag: string, keepTag: 0 | 1): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vw-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`No migration ${tag} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + keepTag) }));
  return folder;
}
