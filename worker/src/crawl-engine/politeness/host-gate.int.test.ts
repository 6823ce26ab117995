import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { waitFor } from '../../../../test-support/wait-for';
import { RedisHostGate } from './host-gate';

const REDIS_URL = 'redis://127.0.0.1:6379';
const DELAY_MS = 150;

/** A request made in a host's turn, as the crawl loop makes them: when it started and ended, and who made it. */
interface Visit {
  by: string;
  startedAt: number;
  endedAt: number;
}

/**
 * The host gate on a real Redis, as worker processes share it: one request at a time per host, the
 * delay between the end of one and the start of the next whoever made them, turns taken in turn
 * when two processes crawl one host, and a crawl alone on its host asking Redis once a page.
 */
describe('RedisHostGate', () => {
  const prefix = `vw-host-gate-test-${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  /** A worker process's gate: its own connection, the commands it sends counted. */
  const processGate = () => {
    const redis = new Redis(REDIS_URL);
    clients.push(redis);
    const sent: string[] = [];
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command, stream) => {
      sent.push(command.name);
      return send(command, stream);
    };
    return { gate: new RedisHostGate(redis, prefix), sent, redis };
  };

  afterAll(async () => {
    const [admin] = clients;
    if (admin) {
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length > 0) await admin.del(...keys);
    }
    await Promise.all(clients.map((client) => client.quit()));
  });

  async function crawl(gate: RedisHostGate, by: string, host: string, requests: number, visits: Visit[]) {
    const signal = new AbortController().signal;
    for (let i = 0; i < requests; i++) {
      const lease = await gate.acquire(host, signal);
      const startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 5));
      visits.push({ by, startedAt, endedAt: Date.now() });
      await lease.release(DELAY_MS);
    }
  }

  /** Visits in order, each with the gap since the one before ended. */
  const gapsOf = (visits: Visit[]) =>
    [...visits]
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((visit, i, all) => (i === 0 ? Infinity : visit.startedAt - all[i - 1]!.endedAt));

  it('asks Redis once a page when a crawl is alone on its host, and keeps the delay', async () => {
    const { gate, sent } = processGate();
    // The first use of each script loads it into Redis (an EVALSHA refused, then an EVAL): not counted.
    await crawl(gate, 'warm-up', 'warm-up.example', 2, []);
    sent.length = 0;
    const visits: Visit[] = [];
    await crawl(gate, 'alone', 'alone.example', 6, visits);
    expect(Math.min(...gapsOf(visits))).toBeGreaterThanOrEqual(DELAY_MS);
    // Six requests: the first takes the host, each one's end keeps it for the next.
    expect(sent.filter((name) => name === 'evalsha' || name === 'eval')).toHaveLength(7);
  });

  it('lets two processes crawling one host take turns, never closer than the delay', async () => {
    const first = processGate();
    const second = processGate();
    const visits: Visit[] = [];
    await Promise.all([
      crawl(first.gate, 'first', 'shared.example', 6, visits),
      crawl(second.gate, 'second', 'shared.example', 6, visits),
    ]);
    expect(visits).toHaveLength(12);
    expect(Math.min(...gapsOf(visits))).toBeGreaterThanOrEqual(DELAY_MS);
    // Neither waits for the other's whole crawl. A waiter asks every 250 ms at most and its mark is read at the
    // holder's next release: with a delay shorter than that, the holder may make one more request first.
    const order = [...visits].sort((a, b) => a.startedAt - b.startedAt).map((visit) => visit.by);
    let run = 0;
    let longestRun = 0;
    order.forEach((by, i) => {
      run = by === order[i - 1] ? run + 1 : 1;
      longestRun = Math.max(longestRun, run);
    });
    expect(longestRun).toBeLessThanOrEqual(3);
  });

  it('gives a kept turn back soon after the rest when no request takes it, not after the lock time', async () => {
    const { gate, redis } = processGate();
    const lease = await gate.acquire('left.example', new AbortController().signal);
    await lease.release(DELAY_MS);
    const key = `${prefix}:host:left.example`;
    // Kept for this process's next request: held for the delay and a lock's time (10 s).
    expect(await redis.pttl(key)).toBeGreaterThan(5_000);
    // No request came: the host is free again a second after its rest, far sooner than the key would lapse.
    await waitFor(async () => (await redis.exists(key)) === 0, { timeoutMs: 5_000, what: 'the kept turn to be given back' });
    const other = processGate();
    const next = await other.gate.acquire('left.example', new AbortController().signal);
    await next.release(0);
  });

  it('keeps the host resting its delay when the crawl waiting for its kept turn stops', async () => {
    const { gate, redis } = processGate();
    const lease = await gate.acquire('stopped.example', new AbortController().signal);
    await lease.release(60_000);
    const stop = new AbortController();
    const waiting = gate.acquire('stopped.example', stop.signal);
    stop.abort('cancel');
    await expect(waiting).rejects.toThrow('Crawl stopped: cancel');
    // The host still rests its delay: a cancelled crawl does not open it early to anyone.
    const other = processGate();
    const blocked = new AbortController();
    const attempt = other.gate.acquire('stopped.example', blocked.signal);
    await waitFor(async () => (await redis.exists(`${prefix}:host:stopped.example:wanted`)) === 1, {
      timeoutMs: 10_000,
      what: 'the other process to find the host taken',
    });
    blocked.abort('cancel');
    await expect(attempt).rejects.toThrow('Crawl stopped: cancel');
  });
});
