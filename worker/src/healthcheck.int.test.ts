import { hostname } from 'node:os';
import { workerOnHostIsAlive } from './healthcheck';
import { startWorkerHarness, type WorkerHarness } from './testing/worker-harness';

/** The worker container's health check looks for a heartbeat of its own host. */
describe('worker health check', () => {
  let harness: WorkerHarness;
  beforeAll(async () => {
    harness = await startWorkerHarness();
  });
  afterAll(() => harness.close());

  it('is unhealthy without a worker on this host, healthy with one, and ignores other hosts', async () => {
    const config = { REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: harness.config.QUEUE_PREFIX! };
    expect(await workerOnHostIsAlive(config)).toBe(false);
    const worker = await harness.startWorker();
    expect(await workerOnHostIsAlive(config)).toBe(true);
    expect(await workerOnHostIsAlive(config, `not-${hostname()}`)).toBe(false);
    await worker.close();
    expect(await workerOnHostIsAlive(config)).toBe(false);
  });
});
