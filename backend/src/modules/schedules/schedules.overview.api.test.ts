import type { ScheduleOverview, Vendor } from '@vendorwatch/contracts';
import { createRedisClient, JobQueues, VendorSchedulers } from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { monitorRedis, waitFor } from '../../../../test-support';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * Issue 28, row 7: `GET /api/schedules` reads the caller's job schedulers only, however many other
 * tenants have. Every Redis command the request causes is watched (MONITOR): none names another
 * tenant's scheduler, and none reads the whole set of schedulers.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';

describe('GET /api/schedules among many tenants', () => {
  let t: TestApp;
  let alice: TestUser;
  let queues: JobQueues;
  let redis: Redis;
  const aliceVendors: Vendor[] = [];
  const othersVendorIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    for (const name of ['One', 'Two', 'Three']) {
      const vendor = (await (
        await alice.api('/api/vendors', { method: 'POST', json: { name, url: 'https://acme.example/' } })
      ).json()) as Vendor;
      aliceVendors.push(vendor);
      const saved = await alice.api(`/api/vendors/${vendor.id}/schedule`, { method: 'PUT', json: { kind: 'daily' } });
      expect(saved.status).toBe(200);
    }
    queues = new JobQueues({ REDIS_URL, QUEUE_PREFIX: t.queuePrefix }, { role: 'producer' });
    // Other tenants' schedulers, as their own API calls would have made them.
    const schedulers = new VendorSchedulers(queues);
    for (let i = 0; i < 500; i++) {
      const vendorId = randomUUID();
      othersVendorIds.push(vendorId);
      await schedulers.apply(
        {
          vendorId,
          userId: randomUUID(),
          kind: 'hourly',
          minute: i % 60,
          time: '03:00',
          weekday: 1,
          cron: '',
          everySeconds: 3600,
          timezone: 'UTC',
        },
        false,
      );
    }
    redis = createRedisClient({ REDIS_URL }, 'schedules-overview-test');
  });
  afterAll(async () => {
    redis?.disconnect();
    await queues?.close();
    await t?.close();
  });

  /** Every command Redis ran (scripts' own commands included) on this test's keys while `act` ran. */
  async function commandsDuring(act: () => Promise<void>): Promise<string[][]> {
    const seen: string[][] = [];
    const sentinel = `${t.queuePrefix}:sentinel:${randomUUID()}`;
    let sentinelSeen = false;
    const monitor = await monitorRedis(REDIS_URL, (args) => {
      if (args.some((arg) => arg === sentinel)) sentinelSeen = true;
      else if (args.some((arg) => arg.includes(t.queuePrefix))) seen.push(args);
    });
    try {
      await act();
      // Redis reports commands in the order it ran them: once a later one shows, every earlier one has.
      await redis.get(sentinel);
      await waitFor(async () => sentinelSeen, { what: 'the monitor to catch up' });
    } finally {
      monitor.close();
    }
    return seen;
  }

  it("lists the caller's schedules with their next runs, reading only the caller's schedulers", async () => {
    let overview: ScheduleOverview | undefined;
    const commands = await commandsDuring(async () => {
      overview = (await (await alice.api('/api/schedules')).json()) as ScheduleOverview;
    });

    expect(overview!.paused).toBe(false);
    expect(overview!.schedules.map((s) => s.vendorId).sort()).toEqual(aliceVendors.map((v) => v.id).sort());
    for (const schedule of overview!.schedules) expect(Date.parse(schedule.nextRunAt!)).toBeGreaterThan(Date.now());

    const text = commands.map((args) => args.join(' '));
    expect(text.filter((line) => othersVendorIds.some((id) => line.includes(id)))).toEqual([]);
    expect(commands.filter(([name]) => /^z(rev)?range/i.test(name!))).toEqual([]);
    // Something was read: the caller's schedulers, by key.
    for (const vendor of aliceVendors) expect(text.some((line) => line.includes(vendor.id))).toBe(true);
  });
});
