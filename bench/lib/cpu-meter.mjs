import { requireFrom } from './paths.mjs';
import { listPids, processTree, readStat, TICKS_PER_SECOND } from './proc.mjs';

const { Client } = requireFrom('packages/db', 'pg');

const SAMPLE_MS = 500;

/**
 * The CPU time three groups of processes spend while something runs: a process tree (the worker
 * command and every process it started), PostgreSQL (the backends connected to one database —
 * found in pg_stat_activity, so other databases' work on a shared server is left out — and the
 * server's background processes: WAL writer, checkpointer …, shared with every database) and the
 * Redis server (one process: on a shared machine, everyone's).
 *
 * Processes come and go (pooled connections close, a crawling process restarts), so each group's
 * processes are listed every half second and every process's CPU counter read then: a process's
 * share is its last reading less its first (or less zero when it appeared after the start). A
 * process that exits between two readings loses at most its last half second.
 *
 *   const meter = await startCpuMeter({ treeRoot: worker.pid, postgresUrl, database });
 *   … the work …
 *   const { seconds } = await meter.stop();   // { tree, postgres, redis } in CPU seconds
 */
export async function startCpuMeter({ treeRoot, postgresUrl, database }) {
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  /** pid → { group, first, last } in clock ticks. */
  const readings = new Map();
  let firstSample = true;

  const read = (pid, group) => {
    const stat = readStat(pid);
    if (!stat) return;
    const known = readings.get(pid);
    if (known) known.last = stat.cpuTicks;
    // Present at the first sample: only what it spends from now on counts. Appeared later: all of it.
    else readings.set(pid, { group, first: firstSample ? stat.cpuTicks : 0, last: stat.cpuTicks });
  };

  const postgresPids = async () => {
    const { rows } = await client.query(
      `select pid from pg_stat_activity
        where (datname = $1 or datname is null) and pid <> pg_backend_pid()`,
      [database],
    );
    return rows.map((row) => row.pid);
  };
  const redisPids = () => listPids().filter((pid) => readStat(pid)?.name === 'redis-server');

  const sample = async () => {
    for (const pid of processTree(treeRoot)) read(pid, 'tree');
    for (const pid of await postgresPids()) read(pid, 'postgres');
    for (const pid of redisPids()) read(pid, 'redis');
    firstSample = false;
  };

  await sample();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    sample()
      .catch(() => undefined) // a missed sample only widens the next one
      .finally(() => (busy = false));
  }, SAMPLE_MS);

  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
      await sample();
      await client.end();
      const seconds = { tree: 0, postgres: 0, redis: 0 };
      for (const { group, first, last } of readings.values()) seconds[group] += (last - first) / TICKS_PER_SECOND;
      return { seconds };
    },
  };
}
