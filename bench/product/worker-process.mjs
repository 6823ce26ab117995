import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { ROOT } from '../lib/paths.mjs';

/**
 * One Vendorwatch worker process, as `npm run worker` runs it: the compiled worker application
 * with the settings the harness gives it (VW_BENCH_CONFIG, JSON).
 */
async function main() {
  const config = JSON.parse(process.env.VW_BENCH_CONFIG ?? '{}');
  const { createWorkerApp } = await import(pathToFileURL(path.join(ROOT, 'worker/dist/worker-app.js')).href);
  const app = await createWorkerApp(config);
  serveCommands({
    shutdown: () => app.close(),
  });
  announceReady({ pid: process.pid });
}

main().catch(announceFailure);
