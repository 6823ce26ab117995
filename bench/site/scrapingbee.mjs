import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { ROOT } from '../lib/paths.mjs';

/**
 * The local ScrapingBee-protocol server of test-support (it fetches the target for real and
 * answers with Spb- headers), in a process of its own. One key with credits to spare and room for
 * every concurrent request a benchmark makes.
 */
export const BENCH_API_KEY = 'bench-key-0001';

async function main() {
  const { startScrapingBeeServer } = await import(pathToFileURL(path.join(ROOT, 'test-support/dist/scrapingbee-server.js')).href);
  const server = await startScrapingBeeServer({ keys: { [BENCH_API_KEY]: 1_000_000_000 }, maxConcurrency: 256 });
  serveCommands({ shutdown: () => server.close() });
  announceReady({ endpoint: server.endpoint, apiKey: BENCH_API_KEY });
}

if (process.send) main().catch(announceFailure);
