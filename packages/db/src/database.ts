import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool, type ClientConfig } from 'pg';
import * as schema from './schema';
import { compressLargeColumns } from './column-compression';
import { secureProductTables } from './table-security';

import type { Database } from './database-types';

export type { Database, Schema, Transaction } from './database-types';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory (ignored with `url`); `memory://` keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  /** How long opening a connection may take (PostgreSQL only); 10 s when absent. */
  connectTimeoutMs?: number;
  /**
   * How long a statement may wait for one of the pool's connections while all are busy (PostgreSQL
   * only); 0: as long as it takes. The connect timeout when absent. A worker runs hundreds of crawls
   * on a few connections: there a full pool means the server is busy, not gone, and a crawl should
   * wait its turn rather than pause as if the database were unreachable.
   */
  poolWaitMs?: number;
  /** Statements running longer are cancelled by the server (PostgreSQL only); 0 or absent: no limit. */
  statementTimeoutMs?: number;
  /** Names the connections in pg_stat_activity (PostgreSQL only): which process holds what. */
  applicationName?: string;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'migrations');
/** Any constant: serialises migrators of processes that start together against one PostgreSQL. */
const MIGRATION_LOCK_ID = 72_110_943;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options);
  return openPglite(options.dataDir ?? 'memory://');
}

/** A pg Client class whose connect gives up after `ms`, whatever the pool's own timeout is. */
function clientWithConnectTimeout(ms: number): typeof Client {
  return class extends Client {
    constructor(config?: string | ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: ms });
    }
  };
}

function openPostgres(
  url: string,
  max: number,
  { connectTimeoutMs = 10_000, poolWaitMs = connectTimeoutMs, statementTimeoutMs = 0, applicationName }: DatabaseOptions,
): DatabaseHandle {
  // A server that does not answer (a network partition) fails the query after the connect timeout
  // instead of holding the request until the operating system gives up on the connection; a query
  // stuck behind a lock or on an overloaded server is cancelled by the server's statement timeout.
  // pg-pool applies connectionTimeoutMillis both to opening a connection and to waiting for a busy
  // pool's next free one ("timeout exceeded when trying to connect"); the client's own connect
  // timeout keeps the first bound when the second is lifted.
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: poolWaitMs,
    Client: clientWithConnectTimeout(connectTimeoutMs),
    ...(applicationName ? { application_name: applicationName } : {}),
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A client that loses its server must not crash the process: an idle one is dropped and the next
  // query reconnects (the pool's 'error'); one checked out between two queries — in a transaction —
  // emits on itself, and its next query fails with a connection error its caller handles.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        // A migration may rewrite a large table: it is not bound by the statement timeout.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        const migrating = drizzleNodePg(client, { schema }) as unknown as Database;
        await migrateNodePg(migrating as never, { migrationsFolder: MIGRATIONS_FOLDER });
        await secureProductTables(migrating);
        await compressLargeColumns(migrating);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release(true); // not back into the pool: it has no statement timeout
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite is single-process and must not be opened twice on one directory. When the backend and a
 * worker run in one process (`npm start` without DATABASE_URL), they share one instance, closed
 * when the last holder closes it.
 */
const openPglites = new Map<string, { client: Promise<PGlite>; holders: number }>();

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const shared = dataDir !== 'memory://';
  let entry = shared ? openPglites.get(dataDir) : undefined;
  if (!entry) {
    entry = { client: PGlite.create(dataDir), holders: 0 };
    if (shared) openPglites.set(dataDir, entry);
  }
  entry.holders += 1;
  const held = entry;
  const client = await held.client;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await secureProductTables(db);
      await compressLargeColumns(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      if (shared) openPglites.delete(dataDir);
      await client.close();
    },
  };
}
