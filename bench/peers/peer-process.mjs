import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { openStore } from './store.mjs';

/**
 * A peer in a process of its own, as long-lived as the product's worker: it loads its library
 * once and runs one crawl per 'crawl' command. VW_BENCH_PEER names the peer, DATABASE_URL is where
 * it stores rows.
 */
const PEERS = {
  'crawlee-http': ['./crawlee-http.mjs', 'crawleeHttpCrawl'],
  'bare-http': ['./bare-http.mjs', 'bareHttpCrawl'],
  'crawlee-browser': ['./crawlee-browser.mjs', 'crawleeBrowserCrawl'],
  'bare-browser': ['./bare-browser.mjs', 'bareBrowserCrawl'],
  'crawlee-adaptive': ['./crawlee-adaptive.mjs', 'crawleeAdaptiveCrawl'],
};

async function main() {
  const name = process.env.VW_BENCH_PEER;
  if (!PEERS[name]) throw new Error(`unknown peer ${name}`);
  // Crawlee's storage directory, should anything ask for one: never the repository.
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'vw-bench-crawlee-'));
  process.env.CRAWLEE_STORAGE_DIR = storageDir;
  const [file, crawlName] = PEERS[name];
  const peer = await import(file);
  const store = await openStore(process.env.DATABASE_URL);
  serveCommands({
    crawl: (options) => peer[crawlName]({ ...options, store }),
    stored: ({ run }) => store.count(run),
    shutdown: async () => {
      await peer.closeBrowser?.();
      await store.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  });
  announceReady({ pid: process.pid });
}

main().catch(announceFailure);
