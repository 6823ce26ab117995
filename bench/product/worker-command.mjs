import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { ROOT, requireFrom } from '../lib/paths.mjs';

/**
 * The worker command as an operator runs it (`node worker/dist/main.js`, what `npm run worker`
 * starts with a database server): with the harness's settings (VW_BENCH_CONFIG, JSON) as its
 * environment, so every default — WORKER_PROCESSES (one crawling process per core),
 * WORKER_MAX_CONCURRENCY, the autoscaler — is the product's own. The supervisor announces itself
 * ready once every crawling process has started; 'shutdown' stops them all, as SIGTERM does.
 */
const config = JSON.parse(process.env.VW_BENCH_CONFIG ?? '{}');
Object.assign(process.env, config);

const dist = (file) => import(pathToFileURL(path.join(ROOT, 'worker/dist', file)).href);

async function main() {
  const { runWorkerProcesses, workerProcessCount } = await dist('worker-processes.js');
  const { createWorkerApp } = await dist('worker-app.js');
  const { loadConfig } = requireFrom('worker', '@vendorwatch/runtime');
  const count = workerProcessCount(loadConfig());
  let app = null;
  if (cluster.isPrimary && count > 1) {
    // Profiled (--cpu-prof): each crawling process writes its own profile under Node's default name.
    const named = process.execArgv.indexOf('--cpu-prof-name');
    if (named !== -1) cluster.setupPrimary({ execArgv: process.execArgv.filter((_, i) => i !== named && i !== named + 1) });
    let ready = 0;
    cluster.on('message', (_worker, message) => {
      if (message?.type === 'vw-worker-ready' && ++ready === count) announceReady({ pid: process.pid, processes: count });
    });
    serveCommands({
      shutdown: () =>
        new Promise((resolve) => {
          cluster.once('exit', function check() {
            if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
            else cluster.once('exit', check);
          });
          process.kill(process.pid, 'SIGTERM');
        }),
    });
  }
  await runWorkerProcesses(count, async () => {
    app = await createWorkerApp();
    if (!cluster.isPrimary) {
      app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
      process.send({ type: 'vw-worker-ready' });
      return;
    }
    // One process (WORKER_PROCESSES=1): it is the harness's child itself.
    serveCommands({ shutdown: () => app.close() });
    announceReady({ pid: process.pid, processes: 1 });
  });
}

main().catch(announceFailure);
