import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** One resource this process must not overload; `sample()` is taken every sampling interval. */
export interface LoadSignal {
  readonly name: string;
  /** Whether the resource was overloaded since the previous sample, with the figure that says so. */
  sample(): { overloaded: boolean; value: number };
  stop?(): void;
}

/** The event loop lagged: a p99 delay above `maxDelayMs` means work queues up behind JavaScript. */
export class EventLoopSignal implements LoadSignal {
  readonly name = 'eventLoop';
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly maxDelayMs = 50) {
    this.histogram.enable();
  }

  sample() {
    const p99 = this.histogram.percentile(99) / 1e6;
    this.histogram.reset();
    return { overloaded: p99 > this.maxDelayMs, value: Math.round(p99) };
  }

  stop(): void {
    this.histogram.disable();
  }
}

/**
 * CPU: this process's JavaScript thread (one core at most) and the machine as a whole (PostgreSQL,
 * Chromium and other workers share it). Either above `maxRatio` is overloaded.
 */
export class CpuSignal implements LoadSignal {
  readonly name = 'cpu';
  private lastProcess = process.cpuUsage();
  private lastAt = process.hrtime.bigint();
  private lastMachine = machineTimes();

  constructor(private readonly maxRatio = 0.95) {}

  sample() {
    const now = process.hrtime.bigint();
    const elapsedUs = Number(now - this.lastAt) / 1000;
    const used = process.cpuUsage(this.lastProcess);
    const processRatio = elapsedUs > 0 ? (used.user + used.system) / elapsedUs : 0;
    const machine = machineTimes();
    const busy = machine.busy - this.lastMachine.busy;
    const total = machine.total - this.lastMachine.total;
    const machineRatio = total > 0 ? busy / total : 0;
    this.lastProcess = process.cpuUsage();
    this.lastAt = now;
    this.lastMachine = machine;
    const ratio = Math.max(processRatio, machineRatio);
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

function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
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
