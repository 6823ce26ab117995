#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeEnvironment, sampleLoad } from './lib/env.mjs';
import { startChild } from './lib/ipc.mjs';
import { BENCH, ROOT } from './lib/paths.mjs';
import { renderEnvironment, renderNotes, renderTable, updateReadme, writeResults } from './lib/report.mjs';

/**
 * `npm run bench` — Vendorwatch against its peers, in one run, alternating rounds.
 *
 *   npm run bench                      full run (about an hour on 2 cores)
 *   npm run bench -- --quick           quick run (< 10 min on 2 cores): smaller sites, same rounds
 *   npm run bench -- --smoke           every row at a tiny size, one round (about a minute): does each row still run?
 *   npm run bench -- --only B1,B5      some rows only
 *   npm run bench -- --rounds 7        more measured rounds (fewer than 5 makes a trial run)
 *   npm run bench -- --readme          write this run's table into bench/README.md
 *   npm run bench -- --cpu-prof        CPU profiles of our worker and API processes (results/profiles/)
 *   npm run bench -- --no-build        skip compiling the product (it runs from dist/)
 *
 * Prints the table (markdown) on stdout, progress on stderr; writes the raw figures to
 * bench/results/<time>-<mode>.json and the children's logs to bench/results/logs/<time>/.
 * A smoke run (`npm test` runs one) prints which rows ran and which failed, and no figures: at
 * that size they mean nothing. It exits 1 when a row fails, so a change that breaks a row fails.
 */

const ROWS = ['B1', 'B5', 'B4', 'B3', 'B7', 'B2', 'B6', 'B8', 'B8L', 'B8A', 'B11', 'B12', 'B9', 'B10'];
/** Each row's module, and its export when not the default (B8's nights share one). */
const ROW_FILES = {
  B1: './rows/b1-http.mjs',
  B2: './rows/b2-browser.mjs',
  B3: './rows/b3-politeness.mjs',
  B4: './rows/b4-polling-api.mjs',
  B5: './rows/b5-enqueue-latency.mjs',
  B6: './rows/b6-memory.mjs',
  B7: './rows/b7-scaling.mjs',
  B8: './rows/b8-night.mjs',
  B8L: ['./rows/b8-night.mjs', 'large'],
  B8A: ['./rows/b8-night.mjs', 'adaptive'],
  B9: './rows/b9-assessment.mjs',
  B10: './rows/b10-export.mjs',
  B11: './rows/b11-adaptive.mjs',
  B12: './rows/b12-cpu-per-page.mjs',
};

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    rounds: { type: 'string' },
    readme: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const mode = args.smoke ? 'smoke' : args.quick ? 'quick' : 'full';
if (args.smoke && args.readme) throw new Error('--smoke measures nothing worth writing into the README');
// Fewer than 5 measured rounds is for trying the harness out; the table says so. A smoke run is one round, no warm-up.
const rounds = args.smoke ? 1 : Math.max(1, Number(args.rounds ?? 5));
if (rounds < 5 && !args.smoke) process.stderr.write(`[bench] ${rounds} measured round(s): a trial run, not a benchmark result\n`);
const warmup = args.smoke ? 0 : 1;
const selected = args.only ? args.only.split(',').map((id) => id.trim().toUpperCase()) : ROWS;
for (const id of selected) if (!ROW_FILES[id]) throw new Error(`Unknown row ${id}; rows are ${ROWS.join(', ')}`);

const started = performance.now();
const elapsed = () =>
  `${Math.round((performance.now() - started) / 1000)
    .toString()
    .padStart(4)} s`;
const log = (message) => process.stderr.write(`[bench ${elapsed()}] ${message}\n`);

function build() {
  log('compiling the product (tsc -b) and test-support');
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [tsc, '-b', 'packages/contracts', 'packages/compliance', 'packages/db', 'packages/runtime', 'backend', 'worker'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, [tsc, '-p', 'test-support'], { cwd: ROOT, stdio: 'inherit' });
}

function preflight(chromium) {
  if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium} (set CHROMIUM_PATH)`);
  for (const file of ['backend/dist/app.js', 'worker/dist/worker-app.js', 'test-support/dist/scrapingbee-server.js'])
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run without --no-build`);
}

async function main() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!args['no-build']) build();
  preflight(chromium);

  const env = await describeEnvironment({
    mode,
    rounds,
    warmup,
    chromium,
    postgresUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const stopSampling = sampleLoad(env);
  const stamp = env.startedAt.replace(/[:.]/g, '-');
  const resultsDir = path.join(BENCH, 'results');
  const logDir = path.join(resultsDir, 'logs', stamp);
  const profileDir = path.join(resultsDir, 'profiles', stamp);
  mkdirSync(logDir, { recursive: true });
  log(
    `${mode} mode, rows ${selected.join(' ')}, ${rounds} rounds + ${warmup} warm-up; ${env.cpu.count} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const { startSite } = await import('./site/site.mjs');
  const site = await startSite({ hosts: 50, logFile: path.join(logDir, 'site.log') });
  let bee = null;
  const ctx = {
    // A smoke run is a quick one (the quick paths: fewer cases) at the rows' smoke sizes.
    quick: args.quick || args.smoke,
    smoke: args.smoke,
    /** This run's size of something: `{ full, quick, smoke }` (smoke defaults to quick). */
    size: ({ full, quick, smoke = quick }) => (args.smoke ? smoke : args.quick ? quick : full),
    rounds,
    warmup,
    site,
    log,
    logFile: (name) => path.join(logDir, `${name}.log`),
    profileArgs: (name) => {
      if (!args['cpu-prof']) return [];
      mkdirSync(profileDir, { recursive: true });
      return ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', `${name}.cpuprofile`];
    },
    async scrapingBee() {
      if (!bee) {
        bee = startChild(path.join(BENCH, 'site/scrapingbee.mjs'), { logFile: path.join(logDir, 'scrapingbee.log') });
        await bee.ready;
      }
      return bee.ready;
    },
  };

  const lines = [];
  const raw = {};
  env.rows = {};
  let failed = 0;
  try {
    for (const id of selected) {
      const rowStarted = performance.now();
      const loadBefore = os.loadavg();
      log(`${id} starting`);
      try {
        const [file, name = 'default'] = [ROW_FILES[id]].flat();
        const row = (await import(file))[name];
        const result = await row.run(ctx);
        lines.push(...result.lines);
        raw[id] = result.raw;
      } catch (error) {
        failed++;
        log(`${id} FAILED: ${error.stack ?? error}`);
        lines.push({
          row: id,
          case: 'all cases',
          ours: null,
          note: `failed: ${String(error.message ?? error).split('\n')[0]}`,
          met: null,
        });
      }
      const seconds = (performance.now() - rowStarted) / 1000;
      env.rows[id] = { seconds, loadBefore, loadAfter: os.loadavg() };
      log(`${id} done in ${seconds.toFixed(0)} s`);
    }
  } finally {
    await bee?.stop();
    await site.stop();
    stopSampling();
  }
  env.durationSeconds = (performance.now() - started) / 1000;
  if (args.smoke) return reportSmoke(env, lines, failed);

  const { file, markdown } = writeResults(resultsDir, env, lines, raw);
  process.stdout.write(`\n${renderTable(lines)}\n\n${renderEnvironment(env)}\n`);
  const notes = renderNotes(lines);
  if (notes) process.stdout.write(`\nNotes:\n${notes}\n`);
  process.stdout.write(`\nRaw figures: ${path.relative(ROOT, file)}\n`);
  if (args.readme) {
    updateReadme(path.join(BENCH, 'README.md'), markdown, `npm run bench -- ${args.quick ? '--quick ' : ''}--readme`);
    log('bench/README.md updated with this run');
  }
  process.exitCode = failed ? 1 : 0;
}

/** A smoke run's closing lines: each row ran or failed (why), and the time; no figures. */
function reportSmoke(env, lines, failed) {
  const failures = new Map(lines.filter((line) => line.case === 'all cases' && line.ours === null).map((l) => [l.row, l.note]));
  const rows = Object.entries(env.rows).map(
    ([id, { seconds }]) => `${id} ${failures.has(id) ? 'FAILED' : 'ran'} (${seconds.toFixed(0)} s)`,
  );
  process.stdout.write(`\nBench smoke run (every row at a tiny size, one round; figures not kept): ${rows.join(', ')}\n`);
  for (const [id, note] of failures) process.stdout.write(`  ${id} ${note}\n`);
  process.stdout.write(
    `${failed ? `${failed} of ${selected.length} rows failed` : `all ${selected.length} rows ran`} in ${env.durationSeconds.toFixed(0)} s\n`,
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  log(`failed: ${error.stack ?? error}`);
  process.exitCode = 1;
});
