import { createWorkerApp } from '../worker-app';

/**
 * A worker in its own process, configured by the parent test through VW_WORKER_OVERRIDES and
 * VW_WORKER_OPTIONS (JSON). It prints "ready" once it takes jobs; SIGTERM closes it gracefully.
 */
async function main(): Promise<void> {
  const overrides = JSON.parse(process.env.VW_WORKER_OVERRIDES ?? '{}') as Record<string, string>;
  const options = JSON.parse(process.env.VW_WORKER_OPTIONS ?? '{}') as Record<string, number>;
  const app = await createWorkerApp(overrides, options);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
