import type { INestApplicationContext } from '@nestjs/common';
import { MESSAGES, type ScheduleRun, type Vendor } from '@vendorwatch/contracts';
import { waitFor } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const addVendor = async (user: TestUser, name: string) =>
  (await (await user.api('/api/vendors', { method: 'POST', json: { name, url: 'http://127.0.0.1:9/' } })).json()) as Vendor;
const saveSchedule = (user: TestUser, vendor: Vendor, schedule: object) =>
  user.api(`/api/vendors/${vendor.id}/schedule`, { method: 'PUT', json: { method: 'http', ...schedule } });

/**
 * Issue 28, row 6: scheduled crawls count against the user's crawl-start allowance
 * (CRAWL_STARTS_PER_WINDOW per CRAWL_STARTS_WINDOW_SECONDS), as crawls started by hand do.
 */
describe('fair use for scheduled crawls', () => {
  describe('with the default allowance (60 starts an hour)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('accepts hourly schedules for 60 vendors and refuses the 61st, saying how many starts an hour remain', async () => {
      const user = await t.signUp();
      const vendors: Vendor[] = [];
      for (let i = 0; i < 61; i++) vendors.push(await addVendor(user, `Vendor ${i}`));
      for (const vendor of vendors.slice(0, 60)) expect((await saveSchedule(user, vendor, { kind: 'hourly' })).status).toBe(200);

      const refused = await saveSchedule(user, vendors[60]!, { kind: 'hourly', minute: 30 });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Too many scheduled crawls: fair use allows 60 crawl starts every hour, and your other schedules already start up to 60 in one hour, so 0 more starts every hour remain.',
      );
      // A schedule saved again is judged without its former self; switching one off makes room.
      expect((await saveSchedule(user, vendors[0]!, { kind: 'hourly', minute: 45 })).status).toBe(200);
      expect((await saveSchedule(user, vendors[1]!, { kind: 'off' })).status).toBe(200);
      expect((await saveSchedule(user, vendors[60]!, { kind: 'hourly', minute: 30 })).status).toBe(200);
      // Another user's allowance is their own.
      const other = await t.signUp();
      expect((await saveSchedule(other, await addVendor(other, 'Theirs'), { kind: 'hourly' })).status).toBe(200);
    });
  });

  describe('with an allowance of two starts an hour', () => {
    let t: TestApp;
    let worker: INestApplicationContext;
    beforeAll(async () => {
      t = await startTestApp({ CRAWL_STARTS_PER_WINDOW: '2', CRAWL_STARTS_WINDOW_SECONDS: '3600' });
      worker = await createWorkerApp(t.config);
    });
    afterAll(async () => {
      await worker?.close();
      await t?.close();
    });

    it('counts daily runs at the same hour together, and runs at other hours apart', async () => {
      const user = await t.signUp();
      const [a, b, c] = [await addVendor(user, 'A'), await addVendor(user, 'B'), await addVendor(user, 'C')];
      expect((await saveSchedule(user, a, { kind: 'daily', time: '03:00' })).status).toBe(200);
      expect((await saveSchedule(user, b, { kind: 'daily', time: '03:30' })).status).toBe(200);
      const third = await saveSchedule(user, c, { kind: 'daily', time: '03:45' });
      expect(third.status).toBe(400);
      expect(((await third.json()) as { message: string }).message).toMatch(/so 0 more starts every hour remain\.$/);
      expect((await saveSchedule(user, c, { kind: 'daily', time: '05:00' })).status).toBe(200);
    });

    it('skips a scheduled run once crawls started by hand used the allowance, and says why', async () => {
      const user = await t.signUp();
      for (const name of ['One', 'Two']) {
        const vendor = await addVendor(user, name);
        expect((await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } })).status).toBe(
          201,
        );
      }
      // One run an hour fits the allowance when saved; its first run fires at once.
      const scheduled = await addVendor(user, 'Scheduled');
      expect((await saveSchedule(user, scheduled, { kind: 'interval', everySeconds: 3600 })).status).toBe(200);
      // A run is claimed (as started, without a crawl yet) before it acts: wait for what it did.
      const run = await waitFor(
        async () => {
          const runs = (await (await user.api(`/api/vendors/${scheduled.id}/schedule/runs`)).json()) as ScheduleRun[];
          return runs.find((r) => r.outcome !== 'started' || r.crawlJobId !== null);
        },
        { what: 'the first scheduled run', timeoutMs: 30_000 },
      );
      expect(run).toMatchObject({ outcome: 'skipped', reason: MESSAGES.schedules.skippedAllowance, crawlJobId: null });
    });
  });
});
