import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// Apart from database.ts, so the statements it runs at open (compression, table security) can name the
// type without importing the module that imports them.
export type Schema = typeof schema;
/** One type for both drivers: every repository is written against it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
