import { createWorkerApp } from './worker-app';

export { createWorkerApp } from './worker-app';
export { WorkerModule } from './worker.module';

/** `node worker/dist/main.js`: a worker process until SIGTERM/SIGINT, which hands running crawls back. */
async function main(): Promise<void> {
  const app = await createWorkerApp();
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  console.log(`Vendorwatch worker ${process.pid} is processing crawl jobs`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
