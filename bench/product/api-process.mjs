import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { ROOT } from '../lib/paths.mjs';

/** The Vendorwatch API as deployed (the compiled backend), listening on 127.0.0.1:PORT. */
async function main() {
  const config = JSON.parse(process.env.VW_BENCH_CONFIG ?? '{}');
  const { createApp } = await import(pathToFileURL(path.join(ROOT, 'backend/dist/app.js')).href);
  const app = await createApp(config);
  await app.listen({ port: Number(config.PORT), host: '127.0.0.1' });
  serveCommands({
    shutdown: () => app.close(),
  });
  announceReady({ url: `http://127.0.0.1:${config.PORT}`, pid: process.pid });
}

main().catch(announceFailure);
