import os from 'node:os';
import { pageReaderThreads, workerProcessCount } from './worker-processes';

describe('processes and page reader threads a worker command runs', () => {
  const cores = os.availableParallelism();

  it('runs one process on the embedded database, reading pages on every core', () => {
    expect(workerProcessCount({ DATABASE_URL: undefined, WORKER_PROCESSES: 4 })).toBe(1);
    expect(pageReaderThreads({ DATABASE_URL: undefined, WORKER_PROCESSES: 4 })).toBe(cores);
  });

  it('runs a process per core on a database server, each reading pages on one thread', () => {
    const server = { DATABASE_URL: 'postgres://db/vw', WORKER_PROCESSES: undefined };
    expect(workerProcessCount(server)).toBe(cores);
    expect(pageReaderThreads(server)).toBe(1);
  });

  it('gives each of more processes than cores one thread, and each of fewer its share of the cores', () => {
    expect(pageReaderThreads({ DATABASE_URL: 'postgres://db/vw', WORKER_PROCESSES: cores * 4 })).toBe(1);
    expect(pageReaderThreads({ DATABASE_URL: 'postgres://db/vw', WORKER_PROCESSES: 1 })).toBe(cores);
  });
});
