import { sql } from 'drizzle-orm';
import net from 'node:net';
import { isDatabaseUnavailable } from './availability';
import { openDatabase, type DatabaseHandle } from './database';
import { rowsOf } from './statements';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * A worker runs hundreds of crawls on a pool of a few connections. A statement that waits for a
 * busy pool's next connection must wait its turn: reported as "database unreachable", it paused
 * and restarted the crawl (hundreds of times a night on the 1 000-vendor bench).
 */
describe('waiting for a connection of a busy pool', () => {
  let database: TestDatabase;
  const opened: DatabaseHandle[] = [];
  const open = async (options: Parameters<typeof openDatabase>[0]) => {
    const handle = await openDatabase(options);
    opened.push(handle);
    return handle;
  };
  /**
   * Opens the pool's one connection before the part under test: on a busy machine opening one can take
   * longer than the short connect timeout these tests give (it failed a CI run), and that is not the wait
   * they are about. A connect that times out is tried again.
   */
  const connect = async ({ db }: DatabaseHandle) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.execute(sql`select 1`);
        return;
      } catch (error) {
        if (attempt >= 50 || !isDatabaseUnavailable(error)) throw error;
      }
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(opened.map((handle) => handle.close()));
    await database.drop();
  });

  it('lets a statement wait past the connect timeout for the busy connection (the worker)', async () => {
    const handle = await open({ url: database.url, poolSize: 1, connectTimeoutMs: 200, poolWaitMs: 0 });
    await connect(handle);
    const { db } = handle;
    // A drizzle query runs when its then() is called: start both now, the second behind the first.
    const holding = db.execute(sql`select pg_sleep(1.5)`).then((result) => result);
    const waiting = db.execute(sql`select 41 + 1 as answer`).then((result) => result);
    await holding;
    expect(rowsOf(await waiting)).toEqual([{ answer: 42 }]);
  });

  it('still gives up after the bound it is given, as unreachable (the API answers 503)', async () => {
    const handle = await open({ url: database.url, poolSize: 1, connectTimeoutMs: 200 });
    await connect(handle);
    const { db } = handle;
    const holding = db.execute(sql`select pg_sleep(1.5)`).then((result) => result);
    const error = await db.execute(sql`select 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    await holding;
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('still gives up opening a connection to a server that never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const { db } = await open({ url: `postgres://nobody@127.0.0.1:${port}/none`, connectTimeoutMs: 300, poolWaitMs: 0 });
      const error = await db.execute(sql`select 1`).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      silent.close();
    }
  });
});
