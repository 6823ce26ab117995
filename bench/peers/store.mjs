import { requireFrom } from '../lib/paths.mjs';

const { Pool } = requireFrom('packages/db', 'pg');

/**
 * Where the peers store what they extract: one row per page in the benchmark's own PostgreSQL
 * database, one INSERT per page through a pool as large as the product's (DATABASE_POOL_SIZE 10),
 * so "store the results" costs every contender a database round trip.
 */
export async function openStore(databaseUrl, poolSize = 10) {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  await pool.query(`create table if not exists bench_pages (
    id bigserial primary key, run text not null, url text not null, status int, title text,
    description text, links int not null, fetched_at timestamptz not null default now())`);
  return {
    async insert(run, { url, status, title, description, links }) {
      await pool.query('insert into bench_pages (run, url, status, title, description, links) values ($1, $2, $3, $4, $5, $6)', [
        run,
        url,
        status,
        title,
        description,
        links,
      ]);
    },
    async count(run) {
      const { rows } = await pool.query('select count(*)::int as n from bench_pages where run = $1', [run]);
      return rows[0].n;
    },
    close: () => pool.end(),
  };
}
