import { sql } from 'drizzle-orm';
import net from 'node:net';
import { isDatabaseUnavailable } from './availability';
import { openDatabase, type DatabaseHandle } from './database';
import { rowsOf } from './statements';
import { createTestDatabase, type TestDatabase } from './testing';
import { waitFor } from '../../../test-support/wait-for';

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
   * A pool of one connection, that connection opened before the part under test: on a busy machine opening
   * one can take longer than the short connect timeout these tests give (it failed a CI run), and that is not
   * the wait they are about. A connect that times out is tried again.
   */
  const openConnected = async (options: Parameters<typeof openDatabase>[0]) => {
    const handle = await open({ ...options, poolSize: 1 });
    await waitFor(
      () =>
        handle.db.execute(sql`select 1`).then(
          () => true,
          (error: unknown) => {
            if (!isDatabaseUnavailable(error)) throw error;
            return false;
          },
        ),
      { what: "the pool's connection to open" },
    );
    return handle;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(opened.map((handle) => handle.close()));
    await database.drop();
  });

  it('lets a statement wait past the connect timeout for the busy connection (the worker)', async () => {
    const { db } = await openConnected({ url: database.url, connectTimeoutMs: 200, poolWaitMs: 0 });
    // A drizzle query runs when its then() is called: start both now, the second behind the first.
    const holding = db.execute(sql`select pg_sleep(1.5)`).then((result) => result);
    const waiting = db.execute(sql`select 41 + 1 as answer`).then((result) => result);
    await holding;
    expect(rowsOf(await waiting)).toEqual([{ answer: 42 }]);
  });

  it('still gives up after the bound it is given, as unreachable (the API answers 503)', async () => {
    const { db } = await openConnected({ url: database.url, connectTimeoutMs: 200 });
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
