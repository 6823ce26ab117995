import { readFileSync } from 'node:fs';

/**
 * Where a CPU profile's time went (a .cpuprofile from `node --cpu-prof`, e.g. the one
 * `cpu-per-page.mjs --cpu-prof` writes): self time by package or product area, then the
 * functions with the most self time. Idle time is left out of the shares.
 *
 *   node bench/diagnostics/profile-summary.mjs <file.cpuprofile> [top functions, default 30]
 */

const [file, topText] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topText ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** node_modules/<package>, the product's own workspace, node's internals, or V8's pseudo-frames. */
function areaOf({ callFrame: { url, functionName } }) {
  if (!url) return `(${functionName || 'anonymous'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return 'node:internal';
  const own = /\/(worker|backend|packages\/[^/]+)\/dist\/(.*)$/.exec(url);
  if (own) return `vendorwatch ${own[1]}`;
  return url;
}

const areas = new Map();
const functions = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  const area = areaOf(node);
  if (node.callFrame.functionName === '(idle)') continue;
  total += us;
  areas.set(area, (areas.get(area) ?? 0) + us);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
}

const row = (label, us) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${label}`;
console.log(`busy ${(total / 1000).toFixed(0)} ms (idle left out)\n\nby area:`);
for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(row(area, us));
console.log(`\ntop ${top} functions by self time:`);
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(name, us));
