import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, requireFrom } from './paths.mjs';

/** What a reader needs to judge the figures: versions, cores, memory, and how busy the machine was. */

function packageVersion(name, workspaces = ['worker', 'backend', 'packages/db', '.']) {
  for (const workspace of workspaces) {
    const file = path.join(ROOT, workspace, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  return 'not installed';
}

function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function serviceVersions(postgresUrl, redisUrl) {
  const { Client } = requireFrom('packages/db', 'pg');
  const client = new Client({ connectionString: postgresUrl });
  let postgres = 'unknown';
  try {
    await client.connect();
    postgres = (await client.query('show server_version')).rows[0].server_version;
  } finally {
    await client.end().catch(() => undefined);
  }
  const { Redis } = requireFrom('packages/runtime', 'ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let redisVersion = 'unknown';
  try {
    await redis.connect();
    redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  } finally {
    redis.disconnect();
  }
  return { postgres, redis: redisVersion };
}

export async function describeEnvironment({ mode, rounds, warmup, postgresUrl, redisUrl, chromium }) {
  const product = JSON.parse(readFileSync(path.join(ROOT, 'backend/package.json'), 'utf8'));
  const commit = run('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']);
  const dirty = run('git', ['-C', ROOT, 'status', '--porcelain']) ? '+uncommitted changes' : '';
  const cpus = os.cpus();
  return {
    mode,
    rounds,
    warmup,
    startedAt: new Date().toISOString(),
    cpu: { count: cpus.length, availableParallelism: os.availableParallelism(), model: cpus[0]?.model?.trim() ?? 'unknown' },
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    load: { start: os.loadavg(), end: null, max1: os.loadavg()[0], samples: [] },
    versions: {
      vendorwatch: product.version,
      commit: `${commit}${dirty}`,
      node: process.versions.node,
      chromium: run(chromium, ['--version']).replace(/^Chromium\s+/, ''),
      crawlee: packageVersion('crawlee'),
      puppeteer: packageVersion('puppeteer'),
      undici: packageVersion('undici'),
      htmlparser2: packageVersion('htmlparser2'),
      fastify: packageVersion('fastify'),
      bullmq: packageVersion('bullmq'),
      autocannon: packageVersion('autocannon'),
      pg: packageVersion('pg'),
      ...(await serviceVersions(postgresUrl, redisUrl)),
    },
  };
}

/** Samples the load average every few seconds for the environment record. */
export function sampleLoad(env, intervalMs = 5000) {
  const timer = setInterval(() => {
    const [one, five, fifteen] = os.loadavg();
    env.load.max1 = Math.max(env.load.max1, one);
    env.load.samples.push({ at: new Date().toISOString(), one, five, fifteen });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    env.load.end = os.loadavg();
  };
}
