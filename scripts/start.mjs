#!/usr/bin/env node
// `npm start`: builds what is stale, makes sure Redis answers (starting a local redis-server if it
// must), then runs the backend and one worker, and prints the URL to open. Ctrl-C stops everything.
//
// Without DATABASE_URL the embedded PGlite database is used. PGlite lives inside one process, so the
// backend and the worker then run in one Node process (scripts/all-in-one.cjs); with DATABASE_URL
// they run as separate processes, as in production. `npm run worker` starts a worker alone.
//
// The processes log JSON (pino). Here, unless NODE_ENV=production, their lines are shown
// human-readable (pino-pretty) without Nest's start-up chatter, and the URL to open comes last,
// once the backend and its worker are both ready.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pinoPretty from 'pino-pretty';
import startEnv from './start-env.cjs';

const { startEnvironment } = startEnv;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workerOnly = process.argv.includes('--worker-only');
// Crawling this machine's network stays off unless asked for (`npm run start:local-demo`: loopback only).
const { env, notice: networkNotice } = startEnvironment(process.env, process.argv);
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? 'data');
mkdirSync(env.DATA_DIR, { recursive: true });

const children = new Set();
let stopping = false;

const pretty = env.NODE_ENV !== 'production';
const verbose = ['debug', 'trace'].includes(env.LOG_LEVEL ?? '');
/** Nest's start-up lines (one per module and route): noise to a person starting the app. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);
const prettify = pinoPretty.prettyFactory({
  colorize: process.stdout.isTTY,
  translateTime: 'SYS:HH:MM:ss',
  // A request's line says what was asked and answered, not every header of both.
  ignore: 'pid,hostname,context,reqId,jobId,job,attempt,req,res,responseTime',
  messageFormat:
    '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} in {responseTime} ms{end}' +
    '{if reqId} (request {reqId}){end}{if jobId} (job {jobId}){end}',
});
/** What must say it is ready before the URL is worth opening, and the URL once the backend says it. */
const waitingFor = new Set();
let openUrl = null;
const READY = [
  { name: 'backend', pattern: /^Vendorwatch is running: open (\S+)/ },
  { name: 'worker', pattern: /^Vendorwatch worker \d+ is processing crawl jobs/ },
];

/** One line a child wrote: readiness is noted (the URL printed at the end), JSON made readable. */
function show(line) {
  for (const { name, pattern } of READY) {
    const match = pattern.exec(line);
    if (!match) continue;
    if (match[1]) openUrl = match[1];
    waitingFor.delete(name);
    if (waitingFor.size === 0) console.log(openUrl ? `\nVendorwatch is running: open ${openUrl}\n` : line);
    return;
  }
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return console.log(line);
  }
  if (!verbose && entry.level <= 30 && STARTUP_CONTEXTS.has(entry.context)) return;
  process.stdout.write(prettify(entry));
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function build() {
  if (!existsSync(path.join(root, 'node_modules'))) {
    console.error('Dependencies are missing: run `npm ci` first.');
    process.exit(1);
  }
  console.log('Building the server (incremental)…');
  run(process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-b',
    'packages/contracts',
    'packages/db',
    'packages/runtime',
    'backend',
    'worker',
  ]);
  const index = path.join(root, 'frontend/dist/index.html');
  const stale =
    !existsSync(index) ||
    Math.max(newestMtime(path.join(root, 'frontend/src')), newestMtime(path.join(root, 'packages/contracts/src'))) >
      statSync(index).mtimeMs;
  if (!workerOnly && stale) {
    console.log('Building the frontend…');
    run('npm', ['run', 'build', '-w', 'frontend']);
  }
}

function ping(redisUrl) {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // A server that wants a password answers -NOAUTH: it is there, and the URL carries the password.
    socket.on('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

async function ensureRedis() {
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await ping(redisUrl)) return;
  const url = new URL(redisUrl);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(url.hostname);
  const installed = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!local || !installed) {
    console.error(
      `No Redis answers at ${redisUrl}.\n` +
        (local
          ? 'Install Redis (Debian: apt-get install redis-server) or set REDIS_URL to a running Redis.'
          : 'Start it, or set REDIS_URL to a running Redis.'),
    );
    process.exit(1);
  }
  const dir = path.join(env.DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  console.log(`Starting a local redis-server on port ${url.port || 6379} (data in ${dir})…`);
  start(
    'redis-server',
    [path.join(root, 'redis.conf'), '--port', String(url.port || 6379), '--bind', '127.0.0.1', '--dir', dir],
    { quiet: true },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await ping(redisUrl)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.error('redis-server did not start.');
  shutdown(1);
}

function start(command, args, { quiet = false, ready } = {}) {
  const stdio = quiet ? 'ignore' : pretty ? ['inherit', 'pipe', 'inherit'] : 'inherit';
  const child = spawn(command, args, { cwd: root, env, stdio });
  children.add(child);
  for (const name of ready ?? []) waitingFor.add(name);
  if (child.stdout) readline.createInterface({ input: child.stdout }).on('line', show);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${path.basename(args[0] ?? command)} stopped (${signal ?? `exit ${code}`}); stopping everything.`);
      shutdown(code ?? 1);
    }
  });
  return child;
}

function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 15_000).unref();
  const wait = setInterval(() => {
    if (children.size === 0) {
      clearInterval(wait);
      clearTimeout(force);
      process.exit(code);
    }
  }, 100);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

build();
await ensureRedis();
console.log(networkNotice);
if (workerOnly) {
  start(process.execPath, ['worker/dist/main.js'], { ready: ['worker'] });
} else if (env.DATABASE_URL) {
  start(process.execPath, ['backend/dist/main.js'], { ready: ['backend'] });
  start(process.execPath, ['worker/dist/main.js'], { ready: ['worker'] });
} else {
  // One process: it prints the URL after its worker has started.
  start(process.execPath, ['scripts/all-in-one.cjs'], { ready: ['backend'] });
}
