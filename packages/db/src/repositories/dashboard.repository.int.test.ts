import { Client } from 'pg';
import { createTestDatabase, personalWorkspaceOf, type TestDatabase } from '../testing';
import type { WorkspaceId } from '../workspace-id';
import { DashboardRepository } from './dashboard.repository';

/**
 * The dashboard must stay instant for a user with 100 000 crawled pages: every figure is one
 * query, and none reads the pages — their figures are each job's running totals, which a trigger
 * keeps exact however pages are written, rewritten or deleted.
 */
describe('dashboard queries on 100 000 pages', () => {
  let database: TestDatabase;
  let client: Client;
  const heavy = '00000000-0000-4000-8000-000000000001';
  const other = '00000000-0000-4000-8000-000000000002';
  /** Their personal workspaces, where the rows below land. */
  const workspaceOf: Record<string, WorkspaceId> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    // Rows made in SQL: 100 000 pages over 50 vendors and 200 jobs for one user, 100 000 for another.
    await client.query(`
      insert into users (id, email, encrypted_password) values ('${heavy}', 'heavy@example.com', 'x'), ('${other}', 'other@example.com', 'x');
      insert into vendors (id, workspace_id, user_id, name)
        select gen_random_uuid(), w.id, u, 'Vendor ' || n
        from (values ('${heavy}'::uuid), ('${other}'::uuid)) as owners(u)
        join workspaces w on w.personal and w.created_by = u, generate_series(1, 50) n;
      insert into crawl_jobs (id, workspace_id, user_id, vendor_id, method, status, target_url)
        select gen_random_uuid(), v.workspace_id, v.user_id, v.id, 'http', (array['completed','failed','cancelled','completed'])[1 + n % 4], 'https://v.example/'
        from vendors v, generate_series(1, 4) n;
      insert into crawl_pages (job_id, workspace_id, user_id, vendor_id, url, status_code, response_time_ms)
        select j.id, j.workspace_id, j.user_id, j.vendor_id, 'https://v.example/' || n, case when n % 50 = 0 then null else 200 end, 50 + n % 400
        from crawl_jobs j, generate_series(1, 500) n where j.user_id = '${heavy}'
        union all
        select j.id, j.workspace_id, j.user_id, j.vendor_id, 'https://v.example/' || n, 200, 100
        from crawl_jobs j, generate_series(1, 500) n where j.user_id = '${other}';
    `);
    for (const user of [heavy, other]) workspaceOf[user] = await personalWorkspaceOf(database.db, user);
    // What autovacuum does in production: statistics, and the visibility map index-only scans rely on.
    await client.query('vacuum analyze');
    // 200 000 rows through the figures trigger: well under a minute alone, more on a busy CI machine.
  }, 240_000);
  afterAll(async () => {
    await client?.end();
    await database.drop();
  });

  it('never reads the pages table: the page figures come from the jobs', async () => {
    const queries = new DashboardRepository(database.db).figureQueries(workspaceOf[heavy]!);
    const plans: Record<string, string> = {};
    for (const [figure, query] of Object.entries(queries)) {
      const { sql: text, params } = query.toSQL();
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
      plans[figure] = rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    // Small tables (vendors, jobs) may be read whole when that is cheaper; 100 000 pages are not read at all.
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/crawl_pages/);
  });

  it('keeps the page figures exact as pages are added, re-fetched and deleted', async () => {
    const figures = () => new DashboardRepository(database.db).figures(workspaceOf[other]!);
    const fromPages = async () => {
      // Every stored page counts; the mean is over the answered ones.
      const { rows } = await client.query<{ total: number; mean: string | null }>(
        `select count(*)::int as total, round(avg(response_time_ms) filter (where status_code is not null)) as mean
         from crawl_pages where user_id = $1`,
        [other],
      );
      return { totalPages: rows[0]!.total, averageResponseTime: rows[0]!.mean === null ? null : Number(rows[0]!.mean) };
    };
    const { rows: jobs } = await client.query<{ id: string }>('select id from crawl_jobs where user_id = $1 order by id', [
      other,
    ]);
    // A new answered page; a re-fetch that now fails (no status); another that gets a slower answer; a job deleted.
    await client.query(
      `insert into crawl_pages (job_id, workspace_id, user_id, url, status_code, response_time_ms) values ($1, $2, $3, 'https://v.example/new', 200, 9000)`,
      [jobs[0]!.id, workspaceOf[other], other],
    );
    await client.query(`update crawl_pages set status_code = null where job_id = $1 and url = 'https://v.example/1'`, [
      jobs[1]!.id,
    ]);
    await client.query(`update crawl_pages set response_time_ms = 5000 where job_id = $1 and url = 'https://v.example/2'`, [
      jobs[2]!.id,
    ]);
    await client.query('delete from crawl_jobs where id = $1', [jobs[3]!.id]);
    expect(await figures()).toMatchObject(await fromPages());
    expect((await fromPages()).totalPages).toBe(100_000 + 1 - 500);
  });

  it('computes the figures of one workspace only', async () => {
    const figures = await new DashboardRepository(database.db).figures(workspaceOf[heavy]!);
    expect(figures).toEqual({
      totalVendors: 50,
      crawledVendors: 50,
      totalCrawls: 200,
      completedCrawls: 100,
      totalPages: 100_000,
      averageResponseTime: expect.any(Number),
    });
    const { rows } = await client.query<{ mean: string }>(
      'select round(avg(response_time_ms)) as mean from crawl_pages where user_id = $1 and status_code is not null',
      [heavy],
    );
    expect(figures.averageResponseTime).toBe(Number(rows[0]!.mean));
  });
});
