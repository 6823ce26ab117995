// First: it watches for async hooks from the start, when a test asks (VW_WATCH_ASYNC_HOOKS).
import './async-hook-watch';
import { loadConfig } from '@vendorwatch/runtime';
import { createWorkerApp } from '../worker-app';
import { runWorkerProcesses, workerProcessCount } from '../worker-processes';

/**
 * A worker command in its own process, configured by the parent test through VW_WORKER_OVERRIDES
 * and VW_WORKER_OPTIONS (JSON) — one crawling process, or several when WORKER_PROCESSES says so, as
 * `node worker/dist/main.js` does. Each crawling process prints "ready" once it takes jobs; SIGTERM
 * closes them gracefully.
 */
const overrides = JSON.parse(process.env.VW_WORKER_OVERRIDES ?? '{}') as Record<string, string>;
const options = JSON.parse(process.env.VW_WORKER_OPTIONS ?? '{}') as Record<string, number>;

async function startOne(): Promise<void> {
  const app = await createWorkerApp(overrides, options);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  process.stdout.write('ready\n');
}

runWorkerProcesses(workerProcessCount(loadConfig({ ...process.env, ...overrides })), startOne).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
