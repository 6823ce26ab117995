#!/usr/bin/env node
// `npm test`: the checks, then every tier of tests and the bench's smoke run, stopping at the first
// step that fails. Its closing lines say how long each step took and which one failed, so a CI run
// that grew slow (the target: `.ci/run` under 20 minutes on 2 cores) shows where.
import { spawn } from 'node:child_process';

/**
 * In order. A step's `beside` runs at the same time as it, its output held and printed after both
 * ended: the end-to-end tier waits on browsers, polls and crawl delays far more than it computes
 * (serially its files used under a fifth of a core), and the bench smoke — processes starting, a
 * few polite crawls — fits in what it leaves.
 */
const STEPS = [
  { name: 'checks (lint, types)', script: 'check' },
  { name: 'unit', script: 'test:unit' },
  { name: 'integration', script: 'test:integration' },
  { name: 'end to end', script: 'test:e2e', beside: { name: 'bench smoke', script: 'test:bench' } },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; with `hold`, its output is kept (stdout and stderr as they came) rather than shown. */
function run({ name, script }, { hold = false } = {}) {
  const started = performance.now();
  const child = spawn(npm, ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (hold) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) =>
      resolve({
        name,
        script,
        status,
        signal,
        seconds: Math.round((performance.now() - started) / 1000),
        output: Buffer.concat(output),
      }),
    );
  });
}

const started = performance.now();
const done = [];
const failed = [];
for (const step of STEPS) {
  const results = await Promise.all([run(step), ...(step.beside ? [run(step.beside, { hold: true })] : [])]);
  for (const result of results) {
    if (result.output.length) {
      process.stdout.write(`\n----- ${result.name} (npm run ${result.script}), run beside ${step.name} -----\n`);
      process.stdout.write(result.output);
    }
    done.push(`${result.name} ${result.seconds} s`);
    if (result.status !== 0)
      failed.push(
        `${result.name} (npm run ${result.script}) ${result.signal ? `stopped by ${result.signal}` : `exited with ${result.status}`}`,
      );
  }
  if (failed.length) break;
}

const total = Math.round((performance.now() - started) / 1000);
process.stdout.write(`\nnpm test: ${done.join(', ')}; ${total} s in all\n`);
if (failed.length) {
  process.stdout.write(`FAILED: ${failed.join('; ')}\n`);
  process.exitCode = 1;
} else process.stdout.write('every step passed\n');
