#!/usr/bin/env node
// `npm test`: the checks, then every tier of tests and the bench's smoke run, one after the other,
// stopping at the first that fails. Its closing lines say how long each step took and which one
// failed, so a CI run that grew slow (the target: `.ci/run` under 20 minutes on 2 cores) shows where.
import { spawnSync } from 'node:child_process';

const STEPS = [
  ['checks (lint, types)', 'check'],
  ['unit', 'test:unit'],
  ['bench smoke', 'test:bench'],
  ['integration', 'test:integration'],
  ['end to end', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = performance.now();
const done = [];
let failed = null;
for (const [name, script] of STEPS) {
  const stepStarted = performance.now();
  const { status, signal } = spawnSync(npm, ['run', script], { stdio: 'inherit' });
  done.push(`${name} ${Math.round((performance.now() - stepStarted) / 1000)} s`);
  if (status !== 0) {
    failed = `${name} (npm run ${script}) ${signal ? `stopped by ${signal}` : `exited with ${status}`}`;
    break;
  }
}

const total = Math.round((performance.now() - started) / 1000);
process.stdout.write(`\nnpm test: ${done.join(', ')}; ${total} s in all\n`);
if (failed) {
  process.stdout.write(`FAILED: ${failed}\n`);
  process.exitCode = 1;
} else process.stdout.write('every step passed\n');
