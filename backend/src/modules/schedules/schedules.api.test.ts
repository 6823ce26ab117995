import type { ScheduleOverview, Vendor, VendorSchedule } from '@vendorwatch/contracts';
import { vendorSchedules } from '@vendorwatch/db';
import { createQueue, vendorSchedulerId, type TypedQueue } from '@vendorwatch/runtime';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  addMember,
  apiCall,
  auditEntries,
  createApiKey,
  createWorkspace,
  expectRefused,
  keyCall,
  roleTooLow,
} from '../workspaces/testing/teams';

/** The schedules API: validation, owner scope, the next run, the pause switch and a deleted vendor's scheduler. */
describe('schedules API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let vendor: Vendor;
  let queue: TypedQueue<'scheduledCrawl'>;

  const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;
  const put = (user: TestUser, body: unknown, id = vendor.id) =>
    user.api(`/api/vendors/${id}/schedule`, { method: 'PUT', json: body });

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    vendor = await json<Vendor>(
      alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } }),
    );
    queue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: t.queuePrefix }, 'scheduledCrawl');
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  it('shows an unsaved schedule as off, with no next run', async () => {
    const schedule = await json<VendorSchedule>(alice.api(`/api/vendors/${vendor.id}/schedule`));
    expect(schedule).toMatchObject({
      vendorId: vendor.id,
      kind: 'off',
      timezone: 'UTC',
      method: 'http',
      nextRunAt: null,
      updatedAt: null,
    });
  });

  it.each([
    [{ kind: 'often' }, 'Schedule must be off, hourly, daily, weekly, cron or interval'],
    [{ kind: 'daily', time: '25:00' }, 'Time must be written HH:MM (24-hour clock)'],
    [{ kind: 'weekly', weekday: 7 }, 'Day of the week must be from 0 (Sunday) to 6 (Saturday)'],
    [{ kind: 'hourly', minute: 60 }, 'Minute must be a whole number from 0 to 59'],
    [{ kind: 'daily', timezone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone name such as Europe/Berlin'],
    [{ kind: 'daily', timezone: 'x'.repeat(65) }, 'Time zone must be an IANA time zone name such as Europe/Berlin'],
    [{ kind: 'cron' }, 'Enter a cron expression'],
    [{ kind: 'cron', cron: '0 0 * * * *' }, 'Cron expression must have five fields: minute hour day-of-month month day-of-week'],
    [{ kind: 'cron', cron: `0 ${'1,'.repeat(60)}2 * * *` }, 'Cron expression must be at most 100 characters'],
    [{ kind: 'cron', cron: '*/5 * * * *' }, 'Schedules may run at most once every 60 minutes'],
    [{ kind: 'cron', cron: '0,30 9 * * *' }, 'Schedules may run at most once every 60 minutes'],
    [{ kind: 'interval', everySeconds: 60 }, 'Schedules may run at most once every 60 minutes'],
    [{ kind: 'daily', method: 'ftp' }, 'Method must be puppeteer, api, http or adaptive'],
  ])('answers 400 to %j', async (body, message) => {
    const response = await put(alice, body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });

  it('refuses a cron expression the parser cannot read, with its reason', async () => {
    const response = await put(alice, { kind: 'cron', cron: '0 99 * * *' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid cron expression: /);
  });

  it('saves a daily schedule in a time zone and shows its next run at that local time', async () => {
    const saved = await json<VendorSchedule>(
      put(alice, { kind: 'daily', time: '09:30', timezone: 'America/New_York', method: 'http' }),
    );
    expect(saved).toMatchObject({ kind: 'daily', time: '09:30', timezone: 'America/New_York', paused: false });
    const next = new Date(saved.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
      next,
    );
    expect(local).toBe('09:30');
    expect(await queue.getJobScheduler(vendorSchedulerId(vendor.id))).toMatchObject({
      pattern: '30 9 * * *',
      tz: 'America/New_York',
    });
    const overview = await json<ScheduleOverview>(alice.api('/api/schedules'));
    expect(overview).toEqual({ paused: false, schedules: [{ vendorId: vendor.id, kind: 'daily', nextRunAt: saved.nextRunAt }] });
  });

  it("keeps schedules to their owner: another user's vendor is not found", async () => {
    expect((await bob.api(`/api/vendors/${vendor.id}/schedule`)).status).toBe(404);
    expect((await put(bob, { kind: 'hourly' })).status).toBe(404);
    expect((await bob.api(`/api/vendors/${vendor.id}/schedule/runs`)).status).toBe(404);
    expect(await json<ScheduleOverview>(bob.api('/api/schedules'))).toEqual({ paused: false, schedules: [] });
  });

  it('pauses every schedule of the user and resumes them', async () => {
    expect((await alice.api('/api/schedules/pause', { method: 'PUT', json: { paused: 'yes' } })).status).toBe(400);
    const paused = await json<ScheduleOverview>(alice.api('/api/schedules/pause', { method: 'PUT', json: { paused: true } }));
    expect(paused).toEqual({ paused: true, schedules: [{ vendorId: vendor.id, kind: 'daily', nextRunAt: null }] });
    expect(await queue.getJobScheduler(vendorSchedulerId(vendor.id))).toBeUndefined();
    expect(await json<VendorSchedule>(alice.api(`/api/vendors/${vendor.id}/schedule`))).toMatchObject({
      paused: true,
      nextRunAt: null,
    });

    const resumed = await json<ScheduleOverview>(alice.api('/api/schedules/pause', { method: 'PUT', json: { paused: false } }));
    expect(resumed.schedules[0]!.nextRunAt).not.toBeNull();
    expect(await queue.getJobScheduler(vendorSchedulerId(vendor.id))).toBeDefined();
  });

  it('lists no runs before the first, and removes the scheduler with the vendor', async () => {
    expect(await json(alice.api(`/api/vendors/${vendor.id}/schedule/runs`))).toEqual([]);
    expect((await alice.api(`/api/vendors/${vendor.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await queue.getJobScheduler(vendorSchedulerId(vendor.id))).toBeUndefined();
    expect((await alice.api(`/api/vendors/${vendor.id}/schedule`)).status).toBe(404);
  });

  it("keeps a workspace's schedules and pause switch: members read them, a viewer is refused changes, an editor key saves one", async () => {
    const [owner, viewer, outsider] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const team = await createWorkspace(owner);
    await addMember(t, team.id, viewer, 'viewer');
    const inTeam = { 'x-workspace-id': team.id };
    const shared = (await apiCall(owner, 'POST', '/api/vendors', { name: 'Team Co', url: 'https://team.example/' }, inTeam))
      .body as Vendor;
    const own = (await apiCall(owner, 'POST', '/api/vendors', { name: 'Own Co', url: 'https://own.example/' })).body as Vendor;
    expect((await apiCall(owner, 'PUT', `/api/vendors/${own.id}/schedule`, { kind: 'daily', time: '04:00' })).status).toBe(200);
    const schedulePath = `/api/vendors/${shared.id}/schedule`;

    const key = await createApiKey(owner, team.id, 'editor', 'Scheduler');
    const saved = await keyCall(t, key, 'PUT', schedulePath, { kind: 'daily', time: '06:15', method: 'http' });
    expect(saved.status).toBe(200);
    const [row] = await t.database.db.select().from(vendorSchedules).where(eq(vendorSchedules.vendorId, shared.id));
    expect(row).toMatchObject({ workspaceId: team.id, userId: owner.id, kind: 'daily' });

    expect((await apiCall(viewer, 'GET', schedulePath, undefined, inTeam)).body).toMatchObject({ kind: 'daily', time: '06:15' });
    expect((await apiCall(viewer, 'GET', '/api/schedules', undefined, inTeam)).body).toMatchObject({
      paused: false,
      schedules: [{ vendorId: shared.id, kind: 'daily' }],
    });
    const role = roleTooLow('viewer', 'editor');
    expectRefused(await apiCall(viewer, 'PUT', schedulePath, { kind: 'off' }, inTeam), 403, role);
    expectRefused(await apiCall(viewer, 'PUT', '/api/schedules/pause', { paused: true }, inTeam), 403, role);
    for (const [method, path] of [
      ['GET', schedulePath],
      ['PUT', schedulePath],
      ['GET', `${schedulePath}/runs`],
    ] as const)
      expect((await apiCall(outsider, method, path, method === 'PUT' ? { kind: 'hourly' } : undefined)).status).toBe(404);

    // Pausing the team holds the team's schedules only: the owner's own workspace keeps running.
    expect((await apiCall(owner, 'PUT', '/api/schedules/pause', { paused: true }, inTeam)).body).toMatchObject({ paused: true });
    expect(await queue.getJobScheduler(vendorSchedulerId(shared.id))).toBeUndefined();
    expect(await queue.getJobScheduler(vendorSchedulerId(own.id))).toBeDefined();
    expect((await apiCall(owner, 'GET', '/api/schedules')).body).toMatchObject({ paused: false });
    expect((await apiCall(viewer, 'GET', schedulePath, undefined, inTeam)).body).toMatchObject({ paused: true, nextRunAt: null });
    // A member pausing their own workspace too: one switch per workspace, whoever sets it.
    expect((await apiCall(owner, 'PUT', '/api/schedules/pause', { paused: true })).body).toMatchObject({ paused: true });
    expect(await queue.getJobScheduler(vendorSchedulerId(own.id))).toBeUndefined();

    expect((await auditEntries(owner, team.id, 'schedule.update'))[0]).toMatchObject({
      actorType: 'api_key',
      targetType: 'vendor',
      targetId: shared.id,
      summary: { kind: 'daily', time: '06:15', method: 'http' },
    });
    expect((await auditEntries(owner, team.id, 'schedules.pause_change'))[0]).toMatchObject({
      actorType: 'user',
      actorLabel: owner.email,
      summary: { paused: true },
    });
  });
});
