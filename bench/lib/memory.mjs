import { readFileSync } from 'node:fs';
import { processTree } from './proc.mjs';

/**
 * Proportional set size (PSS) of a process and everything it started (Chromium's browser,
 * zygote, renderer and utility processes): shared pages are split between their users, so the
 * sum is what the tree really costs the machine.
 */

function pssKiB(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0; // exited between listing and reading
  }
}

/** What a process of the tree is: the Node process at its root, or which kind of Chromium process. */
function kindOf(pid, root) {
  if (pid === root) return 'node';
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    if (type) return type === 'gpu-process' ? 'gpu' : type;
    return /chrom/i.test(cmdline) ? 'browser' : 'other';
  } catch {
    return 'gone';
  }
}

/** PSS of the tree in MB, how many processes it has, and MB by kind (node, browser, renderer, zygote, utility, gpu). */
export function treePss(root) {
  const byKind = {};
  let kib = 0;
  const pids = processTree(root);
  for (const pid of pids) {
    const pss = pssKiB(pid);
    const kind = kindOf(pid, root);
    byKind[kind] = (byKind[kind] ?? 0) + pss / 1024;
    kib += pss;
  }
  return { mb: kib / 1024, processes: pids.length, byKind };
}
