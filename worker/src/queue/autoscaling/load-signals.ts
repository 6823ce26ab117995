import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** One resource this process must not overload; `sample()` is taken every sampling interval. */
export interface LoadSignal {
  readonly name: string;
  /** Whether the resource was overloaded since the previous sample, with the figure that says so. */
  sample(): { overloaded: boolean; value: number };
  stop?(): void;
}

/**
 * The event loop lagged: a median delay above `maxDelayMs` over the sample means work queues up
 * behind JavaScript most of the time, and every host's next turn starts that late. Not the p99: one
 * long task (a large page parsed, a crawl assessed, a GC pause) in half a second is no overload, and
 * counting it as one held the 300-vendor night at a few dozen crawls per process. Crawlee's
 * SystemStatus likewise wants most of its recent snapshots late, not one.
 */
export class EventLoopSignal implements LoadSignal {
  readonly name = 'eventLoop';
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly maxDelayMs = 50) {
    this.histogram.enable();
  }

  sample() {
    const median = this.histogram.percentile(50) / 1e6;
    this.histogram.reset();
    return { overloaded: median > this.maxDelayMs, value: Math.round(median) };
  }

  stop(): void {
    this.histogram.disable();
  }
}

/** Reads the CPU time (µs) of the thread that runs this process's JavaScript, and a monotonic clock (µs); the test turns them. */
export interface CpuClock {
  cpuMicros(): number;
  nowMicros(): number;
}

/** The kernel counts a thread's CPU time in /proc in ticks of USER_HZ, 100 a second on Linux. */
const MICROS_PER_TICK = 10_000;

/** The main thread's task in /proc on Linux: its own CPU time, apart from the page reader threads'. */
const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;

/** The main thread's utime + stime (fields 14 and 15; the command name before them may hold spaces). */
function mainThreadCpuMicros(): number {
  const stat = readFileSync(MAIN_THREAD_STAT, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

function processCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * The JavaScript thread's CPU time where the kernel tells it (Linux); elsewhere the whole process's,
 * which then also counts the threads that read page bodies.
 */
const mainThreadClock: CpuClock = {
  cpuMicros: existsSync(MAIN_THREAD_STAT) ? mainThreadCpuMicros : processCpuMicros,
  nowMicros: () => Number(process.hrtime.bigint() / 1000n),
};

/**
 * CPU: the use of this process's JavaScript thread over the window, as a share of one core.
 * Not the machine's: PostgreSQL, Chromium or other workers on the same box would otherwise hold a
 * politeness-bound worker — mostly waiting — at a handful of crawls. A machine too busy to give this
 * process its turn shows as event-loop delay instead.
 */
export class CpuSignal implements LoadSignal {
  readonly name = 'cpu';
  private lastCpu: number;
  private lastAt: number;

  constructor(
    private readonly maxRatio = 0.95,
    private readonly clock: CpuClock = mainThreadClock,
  ) {
    this.lastCpu = clock.cpuMicros();
    this.lastAt = clock.nowMicros();
  }

  sample() {
    const cpu = this.clock.cpuMicros();
    const now = this.clock.nowMicros();
    const elapsed = now - this.lastAt;
    const ratio = elapsed > 0 ? (cpu - this.lastCpu) / elapsed : 0;
    this.lastCpu = cpu;
    this.lastAt = now;
    return { overloaded: ratio > this.maxRatio, value: Math.round(ratio * 100) / 100 };
  }
}

/** Memory: what the machine (or the container's limit) still has available. */
export class MemorySignal implements LoadSignal {
  readonly name = 'memory';

  constructor(private readonly maxUsedRatio = 0.9) {}

  sample() {
    const total = process.constrainedMemory?.() || os.totalmem();
    const used = Math.min(total, os.totalmem() - availableMemory());
    const ratio = used / total;
    return { overloaded: ratio > this.maxUsedRatio, value: Math.round(ratio * 100) / 100 };
  }
}

/** Chromium: the browser pages this worker holds open for crawls, against the most it may hold. */
export class BrowserPagesSignal implements LoadSignal {
  readonly name = 'browserPages';

  constructor(
    private readonly pagesInUse: () => number,
    private readonly maxPages: number,
  ) {}

  sample() {
    const pages = this.pagesInUse();
    return { overloaded: pages >= this.maxPages, value: pages };
  }
}

/** MemAvailable on Linux (free memory plus what caches would give back); free memory elsewhere. */
function availableMemory(): number {
  try {
    const match = /^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // not Linux
  }
  return os.freemem();
}
