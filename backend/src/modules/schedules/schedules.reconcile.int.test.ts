import type { INestApplicationContext } from '@nestjs/common';
import type { Vendor } from '@vendorwatch/contracts';
import { createQueue, vendorSchedulerId, type JobName, type TypedQueue } from '@vendorwatch/runtime';
import { randomUUID } from 'node:crypto';
import { waitFor } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/** The database is the truth: a worker that starts makes the job schedulers in Redis match it. */
describe('schedules reconciled at worker start', () => {
  let t: TestApp;
  let user: TestUser;
  let queue: TypedQueue<'scheduledCrawl'>;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
    queue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: t.queuePrefix }, 'scheduledCrawl');
  });
  afterAll(async () => {
    await worker?.close();
    await queue.close();
    await t.close();
  });

  it('puts back a lost scheduler and removes one the database does not know', async () => {
    const vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } })
    ).json()) as Vendor;
    const saved = await user.api(`/api/vendors/${vendor.id}/schedule`, {
      method: 'PUT',
      json: { kind: 'weekly', weekday: 3, time: '02:15' },
    });
    expect(saved.status).toBe(200);
    // Redis lost this one (a flush, a restore from an old snapshot) and kept a scheduler of a vendor long gone.
    await queue.removeJobScheduler(vendorSchedulerId(vendor.id));
    const stale = vendorSchedulerId(randomUUID());
    await queue.upsertJobScheduler(
      stale as JobName<'scheduledCrawl'>,
      { pattern: '0 3 * * *' },
      { name: 'scheduled-crawl', data: { vendorId: randomUUID(), userId: user.id } },
    );

    worker = await createWorkerApp(t.config);
    await waitFor(
      async () => !(await queue.getJobScheduler(stale)) && (await queue.getJobScheduler(vendorSchedulerId(vendor.id))),
      {
        what: 'the schedulers to match the database',
      },
    );
    expect(await queue.getJobScheduler(vendorSchedulerId(vendor.id))).toMatchObject({ pattern: '15 2 * * 3', tz: 'UTC' });
  });
});
