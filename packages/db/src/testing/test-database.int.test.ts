import { randomBytes } from 'node:crypto';
import { waitFor } from '../../../../test-support/wait-for';
import { buildDatabaseOnce, DATABASE_BUILD_LOCK, urlFor, withAdmin, withClient } from './test-database';

/**
 * Test runs share the machine's PostgreSQL, and each builds the migrated template in its global setup
 * when a migration changed. Of two runs started at once (two tiers in two terminals), the second used to
 * drop the first's half-built copy (killing its migration) and build its own.
 */
describe('a test database built by two runs at once', () => {
  const name = `vw_build_once_${randomBytes(6).toString('hex')}`;

  afterAll(() =>
    withAdmin(async (admin) => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`drop database if exists "${name}_building" with (force)`);
    }),
  );

  it('is built once, by the first, and the second waits for it', async () => {
    const builds: string[] = [];
    /** Whether another caller is waiting for the build's lock (pg_locks gives a bigint key's low 32 bits as objid). */
    const secondWaits = () =>
      withAdmin((admin) =>
        admin
          .query(`select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted`, [DATABASE_BUILD_LOCK])
          .then(({ rowCount }) => Boolean(rowCount)),
      );
    const build = async (url: string) => {
      builds.push(url);
      // The first build goes on only once the second caller is blocked, so the two overlap every time.
      if (builds.length === 1) await waitFor(secondWaits, { what: 'the second caller to wait for the lock' });
      await withClient(url, async (client) => {
        await client.query('create table built (by int)');
        await client.query('insert into built values ($1)', [builds.length]);
      });
    };

    await Promise.all([buildDatabaseOnce(name, build), buildDatabaseOnce(name, build)]);

    expect(builds).toEqual([urlFor(`${name}_building`)]);
    const rows = await withClient(urlFor(name), (client) => client.query('select by from built').then((result) => result.rows));
    expect(rows).toEqual([{ by: 1 }]);
    const left = await withAdmin((admin) => admin.query('select 1 from pg_database where datname = $1', [`${name}_building`]));
    expect(left.rowCount).toBe(0);
  });

  it('builds afresh over a copy that a stopped run left half-built', async () => {
    const other = `${name}_b`;
    try {
      await withAdmin((admin) => admin.query(`create database "${other}_building"`));
      await withClient(urlFor(`${other}_building`), (leftover) => leftover.query('create table built (by int)'));
      let built = 0;
      await buildDatabaseOnce(other, async (url) => {
        built++;
        // Fails on the leftover, which has this table already.
        await withClient(url, (client) => client.query('create table built (by int)'));
      });
      expect(built).toBe(1);
      const found = await withAdmin((admin) =>
        admin.query('select datname from pg_database where datname in ($1, $2)', [other, `${other}_building`]),
      );
      expect(found.rows).toEqual([{ datname: other }]);
    } finally {
      await withAdmin((admin) => admin.query(`drop database if exists "${other}" with (force)`));
    }
  });
});
