import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database-types';
import { rowsOf } from './statements';
import * as schema from './schema';

/**
 * The roles a hosted Supabase project gives its Data API (PostgREST): `anon` is whoever holds the
 * anon key (which /api/public-config hands out), `authenticated` any signed-in Supabase user.
 * Supabase grants them every table in `public` by default.
 */
const DATA_API_ROLES = ['anon', 'authenticated'] as const;

/** The product's tables, as the Drizzle schema declares them. */
export const productTableNames = (): string[] =>
  (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Closes the product's tables to everyone but the app's own role: row-level security on with no
 * policy (no row for any other role, even one granted the table), and no privileges for the Data
 * API's roles where they exist. The app's role owns the tables, so RLS does not apply to it.
 * Idempotent; runs after the migrations on every start, so tables added later are covered too.
 */
export async function secureProductTables(db: Database): Promise<void> {
  const existing = await db.execute<{ rolname: string }>(
    sql`select rolname from pg_roles where rolname in (${sql.join(
      DATA_API_ROLES.map((role) => sql`${role}`),
      sql`, `,
    )})`,
  );
  const roles = rowsOf<{ rolname: string }>(existing).map((row) => row.rolname);
  // Only the tables still open are altered: a start after the first costs one query.
  const secured = await db.execute<{ relname: string }>(
    sql`select relname from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and relrowsecurity`,
  );
  const done = new Set(rowsOf<{ relname: string }>(secured).map((row) => row.relname));
  for (const table of productTableNames()) {
    if (!done.has(table)) await db.execute(sql.raw(`alter table ${quoteIdentifier(table)} enable row level security`));
    for (const role of roles)
      await db.execute(sql.raw(`revoke all on table ${quoteIdentifier(table)} from ${quoteIdentifier(role)}`));
  }
}
