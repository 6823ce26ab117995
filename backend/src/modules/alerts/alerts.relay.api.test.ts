import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  type AlertChannel,
  type AlertDelivery,
  type CreatedAlertChannel,
  type Paginated,
  type Vendor,
} from '@vendorwatch/contracts';
import { alertChannels } from '@vendorwatch/db';
import { personalWorkspaceOf } from '@vendorwatch/db/testing';
import { SecretBox } from '@vendorwatch/runtime';
import { eq } from 'drizzle-orm';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { waitFor } from '../../../../test-support/wait-for';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { createApp } from '../../app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { confirmationLinkTo, openConfirmationLink } from './testing/confirmation-links';
import { startWebhookReceiver } from './testing/webhook-receiver';

/**
 * Issue 28, row 2: alerts that cannot be turned into a relay. A user who adds many channels and
 * identical rules and calls "Send test" in a loop gets the expensive-request allowance and a cooldown
 * per channel; an email address receives nothing but its confirmation link until that link is
 * opened; a crawl sends each place one message per event, and at most ALERT_DELIVERIES_PER_CRAWL in all.
 */
describe('alerts that cannot be turned into a relay', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let worker: INestApplicationContext;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let hookBase: string;
  let alice: TestUser;
  let bob: TestUser;

  const post = (user: TestUser, url: string, json?: unknown) => user.api(url, { method: 'POST', json });
  const addChannel = async (user: TestUser, name: string, kind: 'email' | 'webhook', target: string) => {
    const response = await post(user, '/api/alerts/channels', { name, kind, target });
    expect([name, response.status]).toEqual([name, 201]);
    return (await response.json()) as CreatedAlertChannel;
  };
  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
  const deliveries = async (user: TestUser) =>
    ((await (await user.api('/api/alerts/deliveries?limit=100')).json()) as Paginated<AlertDelivery>).items;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    receiver = await startWebhookReceiver();
    hookBase = receiver.base;
    t = await startTestApp({
      SMTP_URL: smtp.url,
      EXPENSIVE_REQUESTS_PER_WINDOW: '6',
      EXPENSIVE_REQUESTS_WINDOW_SECONDS: '3600',
      ALERT_TEST_COOLDOWN_SECONDS: '3600',
      ALERT_DELIVERIES_PER_CRAWL: '5',
    });
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
    await receiver?.close();
  });

  it('sends nothing to an email address but its confirmation link until the link is opened, once', async () => {
    const channel = await addChannel(alice, 'Boss', 'email', 'boss@example.test');
    expect(channel.status).toBe('pending');
    const first = await confirmationLinkTo(smtp, 'boss@example.test');
    expect(first.pathname).toBe('/confirm-alert-email');

    const test = await post(alice, `/api/alerts/channels/${channel.id}/test`);
    expect([test.status, await messageOf(test)]).toEqual([409, MESSAGES.alerts.channelPending]);
    // The link again waits out the channel's cooldown (the first link started it).
    const again = await post(alice, `/api/alerts/channels/${channel.id}/confirmation`);
    expect(again.status).toBe(429);
    expect(await messageOf(again)).toMatch(/^A message went to this channel moments ago\. Try again in \d+ s\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);

    // A link that lapsed confirms nothing; an unknown token neither; another user cannot resend it.
    await t.database.db
      .update(alertChannels)
      .set({ confirmationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(alertChannels.id, channel.id));
    const lapsed = await openConfirmationLink(t.baseUrl, first);
    expect([lapsed.status, await messageOf(lapsed)]).toEqual([400, MESSAGES.alerts.confirmationInvalid]);
    await t.database.db.update(alertChannels).set({ lastRequestedSendAt: null }).where(eq(alertChannels.id, channel.id));
    expect((await post(bob, `/api/alerts/channels/${channel.id}/confirmation`)).status).toBe(404);

    const sent = smtp.messages.length;
    expect((await post(alice, `/api/alerts/channels/${channel.id}/confirmation`)).status).toBe(202);
    const second = await confirmationLinkTo(smtp, 'boss@example.test', sent);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const confirmed = await openConfirmationLink(t.baseUrl, second);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'boss@example.test' });
    const reused = await openConfirmationLink(t.baseUrl, second);
    expect(reused.status).toBe(400);

    const listed = (await (await alice.api('/api/alerts/channels')).json()) as AlertChannel[];
    expect(listed.find((c) => c.id === channel.id)?.status).toBe('confirmed');
    expect((await post(alice, `/api/alerts/channels/${channel.id}/test`)).status).toBe(202);
    const testMail = await smtp.waitFor((m) => m.to.includes('boss@example.test') && m.subject === 'Vendorwatch test alert');
    // It links to the app's alert settings (Settings, its Alerts section), a screen that exists.
    expect(testMail.text).toContain(`${t.baseUrl}/settings/alerts`);
  });

  it('stores webhook URLs encrypted and lists them masked', async () => {
    const url = `${hookBase}/services/T0001/B0001/s3cr3t-t0ken-abcd`;
    const channel = await addChannel(bob, 'Slack', 'webhook', url);
    expect(channel.status).toBe('confirmed');
    const listed = JSON.stringify(await (await bob.api('/api/alerts/channels')).json());
    expect(listed).not.toContain('s3cr3t-t0ken');
    expect(channel.target).toBe(`${hookBase}/••••abcd`);
    const [row] = await t.database.db.select().from(alertChannels).where(eq(alertChannels.id, channel.id));
    expect(JSON.stringify(row)).not.toContain('s3cr3t-t0ken');
  });

  it('encrypts, at start-up, a webhook URL an earlier version stored in clear, and still delivers to it', async () => {
    const erin = await t.signUp();
    const url = `${hookBase}/legacy/s3cr3t-legacy`;
    const [legacy] = await t.database.db
      .insert(alertChannels)
      .values({
        workspaceId: await personalWorkspaceOf(t.database.db, erin.id),
        userId: erin.id,
        name: 'Old hook',
        kind: 'webhook',
        target: url,
        secretEncrypted: new SecretBox(t.config.ENCRYPTION_KEY!).encrypt('whsec_old'),
        confirmedAt: new Date(),
      })
      .returning();
    // Another API process starting (an upgrade) finds it.
    const restarted = await createApp(t.config);
    await restarted.init();
    try {
      const row = await waitFor(
        async () => {
          const [current] = await t.database.db.select().from(alertChannels).where(eq(alertChannels.id, legacy!.id));
          return current?.targetEncrypted ? current : undefined;
        },
        { what: 'the stored URL encrypted', timeoutMs: 20_000 },
      );
      expect(JSON.stringify(row)).not.toContain('s3cr3t-legacy');
    } finally {
      await restarted.close();
    }
    expect(JSON.stringify(await (await erin.api('/api/alerts/channels')).json())).not.toContain('s3cr3t-legacy');
    expect((await post(erin, `/api/alerts/channels/${legacy!.id}/test`)).status).toBe(202);
    await waitFor(async () => receiver.paths().includes('/legacy/s3cr3t-legacy'), {
      what: 'the test alert at the old URL',
      timeoutMs: 20_000,
    });
  });

  it('refuses a second channel to the same place and a second identical rule', async () => {
    const url = `${hookBase}/same`;
    await addChannel(bob, 'One', 'webhook', url);
    const twice = await post(bob, '/api/alerts/channels', { name: 'Two', kind: 'webhook', target: url });
    expect([twice.status, await messageOf(twice)]).toEqual([409, MESSAGES.alerts.duplicateChannel]);

    expect((await post(bob, '/api/alerts/rules', { kind: 'crawl_failed' })).status).toBe(201);
    const again = await post(bob, '/api/alerts/rules', { kind: 'crawl_failed' });
    expect([again.status, await messageOf(again)]).toEqual([409, MESSAGES.alerts.duplicateRule]);
    // The same kind with other parameters is another rule.
    expect((await post(bob, '/api/alerts/rules', { kind: 'check_fails', minSeverity: 'high' })).status).toBe(201);
    expect((await post(bob, '/api/alerts/rules', { kind: 'check_fails', minSeverity: null })).status).toBe(201);
    expect((await post(bob, '/api/alerts/rules', { kind: 'check_fails', minSeverity: 'high' })).status).toBe(409);
  });

  it('answers "Send test" in a loop with the cooldown and then the allowance, and sends what it accepted', async () => {
    const carol = await t.signUp();
    const hooks = [];
    for (let i = 0; i < 8; i++) hooks.push(await addChannel(carol, `Hook ${i}`, 'webhook', `${hookBase}/carol-${i}`));
    const answers: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const hook of hooks) answers.push((await post(carol, `/api/alerts/channels/${hook.id}/test`)).status);
    // Six accepted (the allowance), each to a channel of its own; every other call refused.
    expect(answers.filter((status) => status === 202)).toHaveLength(6);
    expect(answers.filter((status) => status === 429)).toHaveLength(answers.length - 6);
    const refused = await post(carol, `/api/alerts/channels/${hooks[7]!.id}/test`);
    expect(await messageOf(refused)).toMatch(/^Too many requests of this kind: at most 6 every hour/);
    await waitFor(async () => receiver.paths().filter((path) => path.startsWith('/carol-')).length === 6, {
      what: "carol's six test alerts",
    });
    expect(new Set(receiver.paths().filter((path) => path.startsWith('/carol-'))).size).toBe(6);
  });

  it('sends a failed crawl once per channel and event, and at most ALERT_DELIVERIES_PER_CRAWL messages in all', async () => {
    const dave = await t.signUp();
    for (let i = 0; i < 8; i++) await addChannel(dave, `Hook ${i}`, 'webhook', `${hookBase}/dave-${i}`);
    await post(dave, '/api/alerts/rules', { kind: 'crawl_failed' });
    for (let i = 0; i < 10; i++) expect((await post(dave, '/api/alerts/rules', { kind: 'crawl_failed' })).status).toBe(409);
    const vendor = (await (await post(dave, '/api/vendors', { name: 'Down Inc', url: 'http://127.0.0.1:9/' })).json()) as Vendor;
    expect((await post(dave, '/api/crawls', { vendorId: vendor.id, method: 'http' })).status).toBe(201);

    const sent = await waitFor(
      async () => {
        const items = await deliveries(dave);
        return items.length === 5 && items.every((d) => d.status === 'delivered') ? items : undefined;
      },
      { what: "five of dave's eight channels alerted" },
    );
    expect(new Set(sent.map((d) => d.channelId)).size).toBe(5);
    expect(sent.every((d) => d.ruleKind === 'crawl_failed')).toBe(true);
    expect(receiver.paths().filter((path) => path.startsWith('/dave-'))).toHaveLength(5);
  });
});

describe('email alerts without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '' });
  });
  afterAll(() => t.close());

  it('refuses an email channel with a clear message, and accepts a webhook', async () => {
    const user = await t.signUp();
    const email = await user.api('/api/alerts/channels', {
      method: 'POST',
      json: { name: 'Me', kind: 'email', target: 'me@example.test' },
    });
    expect(email.status).toBe(400);
    expect(((await email.json()) as { message: string }).message).toBe(MESSAGES.alerts.emailNeedsSmtp);
    const hook = await user.api('/api/alerts/channels', {
      method: 'POST',
      json: { name: 'Hook', kind: 'webhook', target: 'https://hooks.example.test/x' },
    });
    expect(hook.status).toBe(201);
  });
});
