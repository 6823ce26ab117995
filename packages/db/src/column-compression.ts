import { sql } from 'drizzle-orm';
import type { Database } from './database-types';
import { rowsOf } from './statements';

/**
 * The crawled page's columns that hold kilobytes: a page's main text (up to 100 000 characters), its
 * links, the facts read from it. PostgreSQL compresses such values itself (TOAST); its default, pglz,
 * cost about 1.5 ms of the database's CPU per 60 KB main text in a 500-page trial on this project's
 * bench pages, lz4 about a third of that, for a quarter more disk.
 */
const LARGE_COLUMNS: Record<string, readonly string[]> = {
  crawl_pages: ['main_text', 'links', 'document', 'browser', 'response_headers'],
};

/**
 * Stores those columns' new values lz4-compressed where the server is built with lz4 (PostgreSQL
 * 14+ from the usual packages; the embedded PGlite is not, and keeps pglz). Values already stored
 * keep their compression and stay readable. Idempotent, one catalogue read once set; runs after the
 * migrations on every start, since Drizzle's schema cannot declare a column's compression.
 */
export async function compressLargeColumns(db: Database): Promise<void> {
  // One catalogue read: whether the server has lz4, and which columns use it already.
  const [state] = rowsOf<{ lz4: boolean; done: string[] | null }>(
    await db.execute(
      sql`select coalesce((select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression'), false) as lz4,
          (select array_agg(c.relname || '.' || a.attname) from pg_attribute a join pg_class c on c.oid = a.attrelid
           where c.relnamespace = current_schema()::regnamespace and a.attcompression = 'l') as done`,
    ),
  );
  if (!state?.lz4) return;
  const done = new Set(state.done ?? []);
  for (const [table, columns] of Object.entries(LARGE_COLUMNS))
    for (const column of columns)
      if (!done.has(`${table}.${column}`))
        await db.execute(sql.raw(`alter table "${table}" alter column "${column}" set compression lz4`));
}
