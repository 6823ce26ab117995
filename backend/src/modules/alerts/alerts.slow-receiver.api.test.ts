import type { INestApplicationContext } from '@nestjs/common';
import type { AlertDelivery, CreatedAlertChannel, Paginated } from '@vendorwatch/contracts';
import { startTarpitServer, waitFor, type TarpitServer } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { startWebhookReceiver } from './testing/webhook-receiver';

/**
 * Issue 28, row 3: a user's webhook receivers answer one byte every 5 s and never finish. However
 * many such deliveries they queue, another user's alert is delivered while theirs are still held:
 * a user has at most ALERT_DELIVERIES_IN_FLIGHT_PER_USER deliveries in flight.
 */
describe('a slow receiver delays only its owner', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let tarpit: TarpitServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let mallory: TestUser;
  let alice: TestUser;

  const addWebhook = async (user: TestUser, name: string, target: string) => {
    const response = await user.api('/api/alerts/channels', { method: 'POST', json: { name, kind: 'webhook', target } });
    expect(response.status).toBe(201);
    return (await response.json()) as CreatedAlertChannel;
  };
  const sendTest = async (user: TestUser, channel: CreatedAlertChannel) =>
    (await user.api(`/api/alerts/channels/${channel.id}/test`, { method: 'POST' })).status;

  beforeAll(async () => {
    tarpit = await startTarpitServer({ stall: 'headers', intervalMs: 5000 });
    receiver = await startWebhookReceiver();
    // A deadline far longer than the test: only the per-user cap can let alice's alert through.
    t = await startTestApp({ ALERT_DELIVERY_TIMEOUT_MS: '120000', ALERT_DELIVERIES_IN_FLIGHT_PER_USER: '2' });
    worker = await createWorkerApp(t.config);
    mallory = await t.signUp();
    alice = await t.signUp();
  });
  afterAll(async () => {
    // The tarpit goes first: its held deliveries then end at once and the worker can stop.
    await tarpit?.close();
    await worker?.close();
    await t?.close();
    await receiver?.close();
  });

  it("delivers another user's test alert while four tarpit deliveries are queued, two of them held", async () => {
    const hooks = [];
    for (let i = 0; i < 4; i++) hooks.push(await addWebhook(mallory, `Tarpit ${i}`, `${tarpit.url}/hook-${i}`));
    for (const hook of hooks) expect(await sendTest(mallory, hook)).toBe(202);
    await waitFor(async () => tarpit.open() >= 2, { what: "mallory's deliveries held by the tarpit" });

    const aliceHook = await addWebhook(alice, 'Alice hook', `${receiver.base}/alice`);
    expect(await sendTest(alice, aliceHook)).toBe(202);
    await waitFor(async () => receiver.paths().includes('/alice'), { what: "alice's test alert", timeoutMs: 30_000 });
    // Mallory's receivers still hold their deliveries, and never more than the cap of them at once.
    expect(tarpit.open()).toBe(2);
    expect(tarpit.accepted()).toBe(2);

    const deliveries = await waitFor(
      async () => {
        const page = (await (await alice.api('/api/alerts/deliveries')).json()) as Paginated<AlertDelivery>;
        return page.items[0]?.status === 'delivered' ? page : undefined;
      },
      { what: "alice's delivery recorded" },
    );
    expect(deliveries.items[0]).toMatchObject({ channelId: aliceHook.id, ruleKind: 'test', attempts: 1, statusCode: 200 });
    const mallorys = (await (await mallory.api('/api/alerts/deliveries')).json()) as Paginated<AlertDelivery>;
    expect(mallorys.items.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  });
});
