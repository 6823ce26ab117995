import { loadConfig } from '@vendorwatch/runtime';
import { createWorkerApp } from './worker-app';
import { runWorkerProcesses, workerProcessCount } from './worker-processes';

export { createWorkerApp } from './worker-app';
export { WorkerModule } from './worker.module';

/** One crawling process: until SIGTERM/SIGINT, which hands its running crawls back to the queue. */
async function startOne(): Promise<void> {
  const app = await createWorkerApp();
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  console.log(`Vendorwatch worker ${process.pid} is processing crawl jobs`);
}

/** `node worker/dist/main.js`: one crawling process per core (WORKER_PROCESSES) with a database server. */
if (require.main === module) {
  runWorkerProcesses(workerProcessCount(loadConfig()), startOne).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
