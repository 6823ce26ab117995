import { readdirSync, readFileSync } from 'node:fs';

/** The processes of this machine as /proc shows them: what the memory and CPU figures are read from. */

/** Clock ticks a second in /proc's CPU times (USER_HZ on Linux). */
export const TICKS_PER_SECOND = 100;

/** Every process id now. */
export const listPids = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);

/**
 * A process's command name, parent and CPU time so far (user + system, and each, in clock ticks), and that of the
 * children it has reaped (exited children it waited for), or null once it has exited; with `tid`, one of its threads'
 * (the main thread's id is the process's).
 */
export function readStat(pid, tid) {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      parent: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      userTicks: Number(fields[11]),
      systemTicks: Number(fields[12]),
      reapedChildTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** `root` and every process it started, at any depth. */
export function processTree(root) {
  const children = new Map();
  for (const pid of listPids()) {
    const parent = readStat(pid)?.parent;
    if (parent === undefined) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  const tree = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU seconds so far of `root` and every process it started, with the children each has reaped (a browser's
 * renderers that exited count through their parents).
 */
export function treeCpuSeconds(root) {
  const ticks = processTree(root)
    .map((pid) => readStat(pid))
    .reduce((sum, stat) => sum + (stat ? stat.cpuTicks + stat.reapedChildTicks : 0), 0);
  return ticks / TICKS_PER_SECOND;
}

/**
 * A process's CPU ticks so far per thread: `main`, then the others by command name and id (Node names
 * none of its threads: its page readers, V8's and libuv's helpers are all `node`).
 */
export function threadTicks(pid) {
  const ticks = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return ticks;
  }
  for (const tid of tids) {
    const stat = readStat(pid, tid);
    if (stat) ticks.set(tid === pid ? 'main' : `${stat.name}#${tid}`, stat.cpuTicks);
  }
  return ticks;
}
