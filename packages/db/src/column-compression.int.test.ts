import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './testing';

/** A crawled page's large columns are written lz4-compressed on PostgreSQL, set once by the migrations' start step. */
describe('large columns on PostgreSQL', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  const compressions = async () =>
    (
      await client.query<{ column: string; compression: string }>(
        `select attname as column, attcompression as compression from pg_attribute
         where attrelid = 'crawl_pages'::regclass and attname in ('main_text', 'links', 'document', 'url')`,
      )
    ).rows.sort((a, b) => a.column.localeCompare(b.column));

  it('stores main text, links and facts with lz4 and leaves small columns at the default', async () => {
    expect(await compressions()).toEqual([
      { column: 'document', compression: 'l' },
      { column: 'links', compression: 'l' },
      { column: 'main_text', compression: 'l' },
      { column: 'url', compression: '' },
    ]);
  });

  it('a second start changes nothing and does not fail', async () => {
    const before = await compressions();
    await database.migrate();
    expect(await compressions()).toEqual(before);
  });
});
