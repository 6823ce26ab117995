import http from 'node:http';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { FONT_COUNT, IMAGE_COUNT, SITE_PATH, renderFont, renderImage, renderPage, renderStylesheet } from './generator.mjs';

/**
 * The target site, served from 127.0.0.2 … 127.0.0.254 and on from 127.0.1.1 (hostAddress) on one
 * port (Linux routes all of 127/8 to lo, so every address is a host of its own: one per vendor). Runs as a child process so
 * serving costs every contender the same. Every request is logged (host, path, arrival and
 * finish time on the shared clock `performance.timeOrigin + performance.now()`), which is what
 * throughput windows and the politeness check are computed from.
 *
 * Options (JSON in argv[2]): { hosts, port }.
 */

const options = JSON.parse(process.argv[2] ?? '{}');

/** Host `i`'s address: 127.0.0.2 … 127.0.0.254, then 127.0.1.1 … (B8 has 300 vendors). */
const hostAddress = (i) => (i < 253 ? `127.0.0.${2 + i}` : `127.0.${1 + Math.floor((i - 253) / 254)}.${1 + ((i - 253) % 254)}`);
const hosts = options.hosts ?? 50;
const now = () => performance.timeOrigin + performance.now();

const pages = new Map();
const assets = new Map([['/assets/site.css', { body: renderStylesheet(), type: 'text/css; charset=utf-8' }]]);
for (let k = 0; k < FONT_COUNT; k++) assets.set(`/assets/font-${k}.woff2`, { body: renderFont(k), type: 'font/woff2' });
for (let k = 0; k < IMAGE_COUNT; k++) assets.set(`/assets/img/${k}.png`, { body: renderImage(k), type: 'image/png' });
const ROBOTS = Buffer.from('User-agent: *\nAllow: /\n');

/** Rendered once, then served from memory: the site must never be the slow part. */
function page(kind, size, index, prefix) {
  const key = `${prefix}|${index}`;
  let body = pages.get(key);
  if (!body) {
    body = renderPage(kind, size, index, prefix);
    pages.set(key, body);
  }
  return body;
}

/** Renders a site's pages ahead of the measured rounds. */
function prewarm({ kind, size, latencyMs }) {
  const prefix = `/${kind}${size}${latencyMs ? `-l${latencyMs}` : ''}`;
  for (let i = 0; i < size; i++) page(kind, size, i, prefix);
  return prefix;
}

let log = [];
/** While holding, /hold.js requests wait here until 'release' (or a minute, so nothing hangs). */
let holding = false;
let held = [];
const HOLD_LIMIT_MS = 60_000;
const HOLD_SCRIPT = Buffer.from('/* released */');

function route(path) {
  if (path === '/robots.txt') return { status: 200, body: ROBOTS, type: 'text/plain' };
  const asset = assets.get(path);
  if (asset) return { status: 200, body: asset.body, type: asset.type, cache: 'public, max-age=3600' };
  const match = SITE_PATH.exec(path);
  if (match) {
    const [, kind, sizeText, latencyText, rest] = match;
    const size = Number(sizeText);
    const prefix = `/${kind}${size}${latencyText ? `-l${latencyText}` : ''}`;
    const index = rest === '/' ? 0 : Number(/^\/p\/(\d+)$/.exec(rest)?.[1] ?? NaN);
    if (Number.isInteger(index) && index >= 0 && index < size) {
      return {
        status: 200,
        body: page(kind, size, index, prefix),
        type: 'text/html; charset=utf-8',
        delayMs: Number(latencyText ?? 0),
      };
    }
  }
  return { status: 404, body: Buffer.from('<!doctype html><title>Not found</title><p>Not found</p>'), type: 'text/html' };
}

function answerHold(res, entry) {
  entry.status = 200;
  res.writeHead(200, {
    'content-type': 'application/javascript',
    'content-length': HOLD_SCRIPT.length,
    'cache-control': 'no-store',
  });
  res.end(HOLD_SCRIPT, () => (entry.t1 = now()));
}

function releaseHeld() {
  const waiting = held;
  held = [];
  for (const { res, entry, timer } of waiting) {
    clearTimeout(timer);
    answerHold(res, entry);
  }
  return waiting.length;
}

function handle(req, res) {
  const entry = { host: req.socket.localAddress, path: (req.url ?? '/').split('?')[0], t0: now(), t1: 0, status: 0 };
  log.push(entry);
  if (entry.path === '/hold.js') {
    if (!holding) return answerHold(res, entry);
    const item = { res, entry, timer: setTimeout(() => releaseHeld(), HOLD_LIMIT_MS) };
    held.push(item);
    return;
  }
  const answer = route(entry.path);
  const send = () => {
    entry.status = answer.status;
    res.writeHead(answer.status, {
      'content-type': answer.type,
      'content-length': answer.body.length,
      ...(answer.cache ? { 'cache-control': answer.cache } : {}),
    });
    res.end(answer.body, () => {
      entry.t1 = now();
    });
  };
  if (answer.delayMs) setTimeout(send, answer.delayMs);
  else send();
}

async function main() {
  const servers = [];
  let port = options.port ?? 0;
  for (let i = 0; i < hosts; i++) {
    const server = http.createServer(handle);
    server.keepAliveTimeout = 10_000;
    const address = hostAddress(i);
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, address, resolve);
    });
    port = server.address().port;
    servers.push(server);
  }
  serveCommands({
    prewarm: (site) => prewarm(site),
    /** From now on, /hold.js waits for 'release'. */
    hold() {
      holding = true;
      return null;
    },
    /** How many pages are waiting on /hold.js right now. */
    held: () => held.length,
    /** Answers every waiting /hold.js and stops holding; resolves to how many there were. */
    release() {
      holding = false;
      return releaseHeld();
    },
    reset() {
      log = [];
      return null;
    },
    /** The log since the last reset: [host, path, t0, t1, status] per request. */
    log() {
      return log.map((e) => [e.host, e.path, e.t0, e.t1 || now(), e.status]);
    },
    /** Requests so far, for waiting on a first fetch without shipping the whole log. */
    firstRequest({ host, after }) {
      const hit = log.find((e) => e.host === host && e.t0 >= after);
      return hit ? { path: hit.path, t0: hit.t0 } : null;
    },
    async shutdown() {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  });
  announceReady({ port, hosts: Array.from({ length: hosts }, (_, i) => hostAddress(i)) });
}

main().catch(announceFailure);
