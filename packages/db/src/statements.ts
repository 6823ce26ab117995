import type { Database } from './database-types';

/** A statement whose text never changes: its values go as parameters, so the server parses it once. */
export interface FixedStatement {
  /** Unique per text: node-postgres prepares it under this name on each pooled connection. */
  name: string;
  text: string;
}

interface QueryResult<Row> {
  rows: Row[];
}

/** What both drivers' clients offer: node-postgres' Pool takes a named query; PGlite a text and values. */
interface DriverClient {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<QueryResult<Row>>;
  query<Row>(text: string, values: unknown[]): Promise<QueryResult<Row>>;
}

/**
 * Runs a fixed statement on the database's driver client (drizzle's `$client`), past the query
 * builder: for the few statements run once per crawled page, where building the SQL anew on every
 * call cost more than the crawl's own work. With PostgreSQL the statement is prepared once per
 * pooled connection and then only bound and executed; PGlite runs in this process and is given the
 * text each time. Values must already be what the parameter's cast expects (JSON as a string).
 */
export function runStatement<Row = Record<string, unknown>>(
  db: Database,
  statement: FixedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: DriverClient & { totalCount?: number } }).$client;
  // A pg Pool (or Client) has `totalCount` or `connection`; PGlite has neither and no prepared-statement names.
  const isNodePostgres = 'totalCount' in client || 'connection' in client;
  const running = isNodePostgres
    ? client.query<Row>({ name: statement.name, text: statement.text, values })
    : client.query<Row>(statement.text, values);
  return running.then((result) => result.rows);
}

/** A JSON value as a statement parameter (`$n::jsonb`): serialised once, here; null stays SQL null. */
export const jsonParam = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The rows of a drizzle `execute` result: node-postgres answers `{ rows }`, PGlite too or the rows. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
