import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The table (markdown: it reads in a terminal and renders in the README) and the JSON of raw
 * figures. A result line is one comparison:
 *   { row, case, unit, ours: summary, peer?: { name, summary }, ratio?: { label, summary },
 *     target, met: true | false | null, note? }
 * `summary` is stats.summarize(); a line that could not be measured has `ours: null` and a note.
 */

export function formatNumber(value) {
  if (!Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs >= 1000) return value.toFixed(0);
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

export const formatSummary = (s) => (s ? `${formatNumber(s.median)} (${formatNumber(s.min)}–${formatNumber(s.max)})` : '–');

const metText = (met) => (met === true ? 'yes' : met === false ? '**no**' : 'n/a');

export function renderTable(lines) {
  const header = ['Row', 'Case', 'Ours', 'Peer', 'Ratio', 'Target', 'Met'];
  const rows = lines.map((line) => [
    line.row,
    line.case,
    line.ours ? `${formatSummary(line.ours)}${line.unit ? ` ${line.unit}` : ''}` : `not measured: ${line.note ?? ''}`,
    line.peer ? `${line.peer.name} ${formatSummary(line.peer.summary)}` : '–',
    line.ratio ? `${line.ratio.label} ${formatSummary(line.ratio.summary)}` : '–',
    line.target ?? '–',
    metText(line.met),
  ]);
  const escape = (cell) => String(cell).replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.map(escape).join(' | ')} |`).join('\n');
}

export function renderNotes(lines) {
  const seen = new Set();
  return lines
    .filter((line) => line.note && line.ours && !seen.has(line.note) && seen.add(line.note))
    .map((line) => `- ${line.row} ${line.case}: ${line.note}`)
    .join('\n');
}

export function renderEnvironment(env) {
  const v = env.versions;
  return [
    `Run ${env.startedAt} (${env.mode} mode, ${env.rounds} measured rounds after ${env.warmup} warm-up, alternating), ` +
      `${env.durationSeconds ? `${Math.round(env.durationSeconds)} s` : 'in progress'}.`,
    `Machine: ${env.cpu.count} cores (${env.cpu.model}), ${env.memoryGiB} GiB, ${env.os}; ` +
      `load average at start ${env.load.start.map(formatNumber).join(' / ')}, at end ${env.load.end?.map(formatNumber).join(' / ') ?? '–'}, ` +
      `highest 1-min seen ${formatNumber(env.load.max1)}.`,
    `Time per row: ${Object.entries(env.rows ?? {})
      .map(([id, row]) => `${id} ${Math.round(row.seconds)} s`)
      .join(', ')}.`,
    `Versions: Vendorwatch ${v.vendorwatch} (${v.commit}), Node ${v.node}, Chromium ${v.chromium}, crawlee ${v.crawlee}, ` +
      `puppeteer ${v.puppeteer}, undici ${v.undici}, htmlparser2 ${v.htmlparser2}, fastify ${v.fastify}, bullmq ${v.bullmq}, ` +
      `autocannon ${v.autocannon}, PostgreSQL ${v.postgres}, Redis ${v.redis}.`,
  ].join('\n');
}

export function writeResults(dir, env, lines, raw) {
  mkdirSync(dir, { recursive: true });
  const stamp = env.startedAt.replace(/[:.]/g, '-');
  const json = JSON.stringify({ environment: env, lines, raw }, null, 2);
  const file = path.join(dir, `${stamp}-${env.mode}.json`);
  writeFileSync(file, json);
  writeFileSync(path.join(dir, `latest-${env.mode}.json`), json);
  const markdown = `${renderTable(lines)}\n\n${renderEnvironment(env)}\n${renderNotes(lines) ? `\nNotes:\n${renderNotes(lines)}\n` : ''}`;
  writeFileSync(path.join(dir, `latest-${env.mode}.md`), markdown);
  return { file, markdown };
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Replaces the README's results block with this run's table: figures come from a run, never from a hand. */
export function updateReadme(readmePath, markdown, command) {
  const text = readFileSync(readmePath, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${readmePath} has no ${START} … ${END} block`);
  const block = `${START}\n<!-- written by ${command}; do not edit by hand -->\n\n${markdown.trim()}\n\n${END}`;
  writeFileSync(readmePath, text.slice(0, from) + block + text.slice(to + END.length));
}
