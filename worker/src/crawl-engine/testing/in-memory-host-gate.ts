import type { Clock } from '../loop/clock';
import type { HostGate, HostLease } from '../politeness/host-gate';

/** The host gate's rules (one request at a time, the delay after each) in memory, on a given clock. */
export class InMemoryHostGate implements HostGate {
  private readonly hosts = new Map<string, { busy: boolean; freeAt: number; waiters: (() => void)[] }>();

  constructor(private readonly clock: Clock) {}

  async acquire(host: string, signal: AbortSignal): Promise<HostLease> {
    let state = this.hosts.get(host);
    if (!state) this.hosts.set(host, (state = { busy: false, freeAt: 0, waiters: [] }));
    for (;;) {
      if (state.busy) {
        await new Promise<void>((resolve) => state!.waiters.push(resolve));
        continue;
      }
      const wait = state.freeAt - this.clock.now();
      if (wait <= 0) break;
      await this.clock.sleep(wait, signal);
    }
    state.busy = true;
    const held = state;
    return {
      release: async (delayMs: number) => {
        held.busy = false;
        held.freeAt = this.clock.now() + Math.max(0, delayMs);
        for (const wake of held.waiters.splice(0)) wake();
      },
    };
  }
}
