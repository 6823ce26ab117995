import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { requireFrom } from '../lib/paths.mjs';

const { Worker } = requireFrom('packages/runtime', 'bullmq');
const { request } = requireFrom('worker', 'undici');

/**
 * B5's peer: a bare BullMQ Worker on the same Redis whose processor, the moment it starts, makes
 * the job's first request to the site (the same signal the product's first fetch gives).
 * Settings (VW_BENCH_CONFIG): { REDIS_URL, QUEUE_PREFIX, queue, concurrency }.
 */
const config = JSON.parse(process.env.VW_BENCH_CONFIG ?? '{}');

async function main() {
  const worker = new Worker(
    config.queue,
    async (job) => {
      const response = await request(job.data.url);
      await response.body.dump();
    },
    {
      connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: config.QUEUE_PREFIX,
      concurrency: config.concurrency ?? 4,
    },
  );
  await worker.waitUntilReady();
  serveCommands({ shutdown: () => worker.close() });
  announceReady({ pid: process.pid });
}

main().catch(announceFailure);
