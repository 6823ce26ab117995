import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  WEBHOOK_HEADERS,
  type AlertChannel,
  type AlertDelivery,
  type AlertEvent,
  type CreatedAlertChannel,
  type Paginated,
  type Vendor,
} from '@vendorwatch/contracts';
import { AddressGuard, createGuardedAgent } from '@vendorwatch/runtime';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { waitFor } from '../../../../test-support/wait-for';
import { AlertSender, webhookSignature } from '../../../../worker/src/alerts/alert-sender';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused, roleTooLow } from '../workspaces/testing/teams';
import { confirmationLinkTo, openConfirmationLink } from './testing/confirmation-links';
import { startWebhookReceiver } from './testing/webhook-receiver';

describe('alerts', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let worker: INestApplicationContext;
  let alice: TestUser;
  let bob: TestUser;
  let webhook: CreatedAlertChannel;
  let email: CreatedAlertChannel;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // It fails twice, then answers 200.
    receiver = await startWebhookReceiver({ failFirst: 2 });
    t = await startTestApp({ SMTP_URL: smtp.url });
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
    await smtp.close();
    await receiver.close();
  });

  const post = async <T>(user: TestUser, url: string, json: unknown, status = 201): Promise<T> => {
    const response = await user.api(url, { method: 'POST', json });
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  };

  it('adds channels (the webhook secret shown once) and rules, validating them', async () => {
    webhook = await post(alice, '/api/alerts/channels', { name: 'Ops hook', kind: 'webhook', target: `${receiver.base}/hook` });
    expect(webhook.secret).toMatch(/^whsec_/);
    email = await post(alice, '/api/alerts/channels', { name: 'Me', kind: 'email', target: 'alice-alerts@example.test' });
    expect(email.secret).toBeNull();
    // Alerts go to the address once its reader opens the link sent to it.
    expect(email.status).toBe('pending');
    expect((await openConfirmationLink(t.baseUrl, await confirmationLinkTo(smtp, 'alice-alerts@example.test'))).status).toBe(200);
    const listed = (await (await alice.api('/api/alerts/channels')).json()) as AlertChannel[];
    expect(listed.map((c) => c.name)).toEqual(['Ops hook', 'Me']);
    expect(JSON.stringify(listed)).not.toContain(webhook.secret!);

    await post(alice, '/api/alerts/rules', { kind: 'crawl_failed' });
    await post(alice, '/api/alerts/rules', { kind: 'pages_changed', thresholdPercent: 20 });

    const invalid = async (url: string, json: unknown, message: string) => {
      const response = await alice.api(url, { method: 'POST', json });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    };
    await invalid(
      '/api/alerts/channels',
      { name: 'x', kind: 'webhook', target: 'ftp://nope' },
      MESSAGES.alerts.invalidWebhookUrl,
    );
    await invalid('/api/alerts/channels', { name: 'x', kind: 'email', target: 'not-an-address' }, MESSAGES.alerts.invalidEmail);
    await invalid(
      '/api/alerts/channels',
      { name: 'x'.repeat(101), kind: 'email', target: 'a@b.test' },
      MESSAGES.alerts.nameTooLong,
    );
    await invalid('/api/alerts/rules', { kind: 'pages_changed' }, MESSAGES.alerts.invalidPercent);
    await invalid('/api/alerts/rules', { kind: 'check_fails', minSeverity: 'urgent' }, MESSAGES.alerts.invalidSeverity);
    expect((await bob.api(`/api/alerts/channels/${webhook.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api(`/api/alerts/channels/${webhook.id}/test`, { method: 'POST' })).status).toBe(404);
  });

  it('a failed crawl alerts by email and by webhook; a receiver failing twice gets it once more, signed', async () => {
    const vendor = (await post<Vendor>(alice, '/api/vendors', { name: 'Down Inc', url: 'http://127.0.0.1:9/' })) as Vendor;
    await post(alice, '/api/crawls', { vendorId: vendor.id, method: 'http' });

    const mail = await smtp.waitFor(
      (m) => m.to.includes('alice-alerts@example.test') && m.subject !== 'Confirm alerts to this address',
      60_000,
    );
    expect(mail.subject).toBe('Down Inc: crawl failed');
    expect(mail.text).toContain(`${t.baseUrl}/vendors/${vendor.id}`);

    const deliveries = await waitFor(
      async () => {
        const page = (await (await alice.api('/api/alerts/deliveries')).json()) as Paginated<AlertDelivery>;
        return page.items.length === 2 && page.items.every((d) => d.status === 'delivered') ? page : undefined;
      },
      { timeoutMs: 60_000, what: 'both deliveries delivered' },
    );
    const hook = deliveries.items.find((d) => d.channelId === webhook.id)!;
    expect(hook).toMatchObject({ ruleKind: 'crawl_failed', attempts: 3, statusCode: 200, error: null, channelName: 'Ops hook' });
    expect(deliveries.items.find((d) => d.channelId === email.id)).toMatchObject({ attempts: 1, status: 'delivered' });

    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    for (const request of receiver.received) {
      const timestamp = request.headers[WEBHOOK_HEADERS.timestamp] as string;
      expect(request.headers[WEBHOOK_HEADERS.signature]).toBe(webhookSignature(webhook.secret!, timestamp, request.body));
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
    }
    const event = JSON.parse(receiver.received[2]!.body) as AlertEvent;
    expect(event).toMatchObject({ rule: 'crawl_failed', vendorId: vendor.id, vendorName: 'Down Inc' });
  });

  it('sends a test alert to a channel and lists it', async () => {
    const queued = await post<AlertDelivery>(alice, `/api/alerts/channels/${email.id}/test`, {}, 202);
    expect(queued).toMatchObject({ ruleKind: 'test', status: 'pending' });
    await smtp.waitFor((m) => m.subject === 'Vendorwatch test alert', 30_000);
    const listed = await waitFor(
      async () => {
        const page = (await (await alice.api('/api/alerts/deliveries?limit=1')).json()) as Paginated<AlertDelivery>;
        return page.items[0]?.status === 'delivered' ? page : undefined;
      },
      { timeoutMs: 30_000, what: 'the test delivery' },
    );
    expect(listed.items[0]).toMatchObject({ id: queued.id, ruleKind: 'test' });
    expect(((await (await bob.api('/api/alerts/deliveries')).json()) as Paginated<AlertDelivery>).total).toBe(0);
  });

  it('sends webhooks through the SSRF guard', async () => {
    const before = receiver.received.length;
    const sender = new AlertSender(createGuardedAgent(new AddressGuard(false)), { url: undefined, from: 'x' }, 10_000);
    const outcome = await sender.webhook(`${receiver.base}/hook`, 'secret', {
      rule: 'test',
      subject: 's',
      vendorId: null,
      vendorName: null,
      crawlJobId: null,
      link: 'http://x',
      details: [],
      occurredAt: new Date().toISOString(),
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/private|loopback|not allowed|refus/i);
    expect(receiver.received.length).toBe(before);
  });

  it("keeps a workspace's channels and rules for all its members: viewers read them, editors change them", async () => {
    const team = await shareWorkspace(t);
    const target = `${receiver.base}/team-hook`;
    const hook = await team.call(team.owner, 'POST', '/api/alerts/channels', { name: 'Team hook', kind: 'webhook', target });
    expect(hook.status).toBe(201);
    expect((await team.call(team.owner, 'POST', '/api/alerts/rules', { kind: 'crawl_failed' })).status).toBe(201);

    const channels = (await team.call(team.viewer, 'GET', '/api/alerts/channels')).body as AlertChannel[];
    expect(channels.map((c) => c.name)).toEqual(['Team hook']);
    expect((await team.call(team.viewer, 'GET', '/api/alerts/rules')).body).toHaveLength(1);
    expect((await team.call(team.viewer, 'GET', '/api/alerts/deliveries')).body).toMatchObject({ total: 0 });
    const tooLow = roleTooLow('viewer', 'editor');
    expectRefused(await team.call(team.viewer, 'POST', '/api/alerts/rules', { kind: 'label_drop' }), 403, tooLow);
    expectRefused(await team.call(team.viewer, 'DELETE', `/api/alerts/channels/${hook.body.id}`), 403, tooLow);
    expectRefused(await team.call(team.viewer, 'POST', `/api/alerts/channels/${hook.body.id}/test`), 403, tooLow);

    expectRefused(await team.outside('DELETE', `/api/alerts/channels/${hook.body.id}`), 404, MESSAGES.alerts.channelNotFound);
    expect((await team.outside('GET', '/api/alerts/channels')).body).toEqual([]);

    // The same rule in the owner's personal workspace and, through the owner's key, again in the team's: one per workspace.
    expect((await apiPost(team.owner, '/api/alerts/rules', { kind: 'label_drop' })).status).toBe(201);
    const byKey = await team.call('key', 'POST', '/api/alerts/rules', { kind: 'label_drop' });
    expect(byKey.status).toBe(201);
    expectRefused(
      await team.call(team.owner, 'POST', '/api/alerts/rules', { kind: 'label_drop' }),
      409,
      MESSAGES.alerts.duplicateRule,
    );
    expect((await team.call(team.viewer, 'GET', '/api/alerts/rules')).body).toHaveLength(2);

    // The audit log names the channel, never where it points.
    const [created] = await team.audited('alert_channel.create');
    expect(created).toMatchObject({ actorType: 'user', targetId: hook.body.id, summary: { name: 'Team hook', kind: 'webhook' } });
    expect(JSON.stringify(created)).not.toContain(target);
    expect((await team.audited('alert_rule.create')).map((entry) => entry.actorType)).toEqual(['api_key', 'user']);
  });
});

const apiPost = (user: TestUser, url: string, json: unknown) => user.api(url, { method: 'POST', json });
