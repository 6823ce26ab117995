import { MESSAGES, type AlertChannel, type AlertDelivery, type AlertRule } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { AlertsSettings } from './alerts-settings';

const channel: AlertChannel = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ops hook',
  kind: 'webhook',
  target: 'https://hooks.example/alerts',
  status: 'confirmed',
  createdAt: '2026-11-23T10:00:00Z',
};
const rule: AlertRule = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'pages_changed',
  minSeverity: null,
  thresholdPercent: 20,
  withinDays: null,
  createdAt: '2026-11-23T10:00:00Z',
};
const delivery: AlertDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  channelId: channel.id,
  channelName: 'Ops hook',
  ruleKind: 'crawl_failed',
  crawlJobId: null,
  subject: 'Acme: crawl failed',
  status: 'failed',
  attempts: 5,
  statusCode: 500,
  error: 'The receiver answered 500',
  createdAt: '2026-11-23T10:00:00Z',
  deliveredAt: null,
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 50 });

describe('Settings: alerts', () => {
  it('lists channels, rules and deliveries with their outcome', async () => {
    mockFetch({
      'GET /api/alerts/channels': { body: [channel] },
      'GET /api/alerts/rules': { body: [rule] },
      'GET /api/alerts/deliveries': { body: page([delivery]) },
    });
    renderWithProviders(<AlertsSettings />);

    const row = await screen.findByTestId('alert-channel-row');
    expect(row).toHaveTextContent('Ops hook');
    expect(row).toHaveTextContent('https://hooks.example/alerts');
    expect(await screen.findByTestId('alert-rule-row')).toHaveTextContent('More than 20 % of pages change');
    const sent = await screen.findByTestId('alert-delivery-row');
    expect(sent).toHaveTextContent('A crawl fails: Acme: crawl failed');
    expect(within(sent).getByText('Failed')).toBeInTheDocument();
    expect(sent).toHaveTextContent('HTTP 500');
    expect(sent).toHaveTextContent('The receiver answered 500');
  });

  it('on a phone, shows channels, rules and deliveries as cards with labelled values, nothing in a table', async () => {
    mockPhoneScreen();
    mockFetch({
      'GET /api/alerts/channels': { body: [channel] },
      'GET /api/alerts/rules': { body: [rule] },
      'GET /api/alerts/deliveries': { body: page([delivery]) },
    });
    renderWithProviders(<AlertsSettings />);

    const channelCard = await screen.findByTestId('alert-channel-row');
    expect(screen.getByRole('list', { name: 'Alert channels' })).toContainElement(channelCard);
    expect(within(channelCard).getByText('Address')).toBeInTheDocument();
    expect(within(channelCard).getByRole('button', { name: 'Remove Ops hook' })).toBeInTheDocument();
    const sent = await screen.findByTestId('alert-delivery-row');
    expect(screen.getByRole('list', { name: 'Deliveries' })).toContainElement(sent);
    expect(within(sent).getByText('Outcome')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds a webhook and shows its secret once; sends a test', async () => {
    let channels: AlertChannel[] = [];
    const { requests } = mockFetch({
      'GET /api/alerts/channels': () => ({ body: channels }),
      'GET /api/alerts/rules': { body: [] },
      'GET /api/alerts/deliveries': { body: page([]) },
      'POST /api/alerts/channels': (request) => {
        channels = [channel];
        return { status: 201, body: { ...channel, ...(request.body as object), secret: 'whsec_abc' } };
      },
      [`POST /api/alerts/channels/${channel.id}/test`]: {
        status: 202,
        body: { ...delivery, ruleKind: 'test', status: 'pending' },
      },
    });
    const { user } = renderWithProviders(<AlertsSettings />);
    expect(await screen.findByText(MESSAGES.alerts.noChannels)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Ops hook');
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'Webhook' }));
    await user.type(screen.getByLabelText('Email address or webhook URL'), 'https://hooks.example/alerts');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));

    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc');
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ops hook',
      kind: 'webhook',
      target: 'https://hooks.example/alerts',
    });
    await user.click(await screen.findByRole('button', { name: 'Send test to Ops hook' }));
    expect(await screen.findByText(MESSAGES.alerts.testQueued)).toBeInTheDocument();
  });

  it('shows an email channel waiting for its confirmation, sends its link again and offers no test until confirmed', async () => {
    const pending: AlertChannel = {
      ...channel,
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Boss',
      kind: 'email',
      target: 'boss@example.test',
      status: 'pending',
    };
    const { requests } = mockFetch({
      'GET /api/alerts/channels': { body: [channel, pending] },
      'GET /api/alerts/rules': { body: [] },
      'GET /api/alerts/deliveries': { body: page([]) },
      [`POST /api/alerts/channels/${pending.id}/confirmation`]: { status: 202, body: pending },
    });
    const { user } = renderWithProviders(<AlertsSettings />);
    const rows = await screen.findAllByTestId('alert-channel-row');
    expect(within(rows[0]!).getByTestId('channel-status')).toHaveTextContent(MESSAGES.alerts.statusConfirmed);
    expect(within(rows[1]!).getByTestId('channel-status')).toHaveTextContent(MESSAGES.alerts.statusPending);
    expect(within(rows[1]!).queryByRole('button', { name: 'Send test to Boss' })).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Send link again to Boss' }));
    expect(
      await screen.findByText('We sent a confirmation link to boss@example.test. Alerts go there once it is opened.'),
    ).toBeInTheDocument();
    expect(
      requests()
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([`/api/alerts/channels/${pending.id}/confirmation`]);
  });

  it('is the section the alerts link to (#alerts on its page)', async () => {
    mockFetch({
      'GET /api/alerts/channels': { body: [] },
      'GET /api/alerts/rules': { body: [] },
      'GET /api/alerts/deliveries': { body: page([]) },
    });
    renderWithProviders(<AlertsSettings />);
    expect((await screen.findByTestId('alerts-settings')).id).toBe('alerts');
  });

  it('refuses an invalid address before sending anything', async () => {
    const { requests } = mockFetch({
      'GET /api/alerts/channels': { body: [] },
      'GET /api/alerts/rules': { body: [] },
      'GET /api/alerts/deliveries': { body: page([]) },
    });
    const { user } = renderWithProviders(<AlertsSettings />);
    await user.type(await screen.findByLabelText('Name'), 'Me');
    await user.type(screen.getByLabelText('Email address or webhook URL'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText(MESSAGES.alerts.invalidEmail)).toBeInTheDocument();
    await waitFor(() => expect(requests().filter((r) => r.method === 'POST')).toEqual([]));
  });

  it('adds a rule with the field its kind needs, and removes one', async () => {
    let rules: AlertRule[] = [];
    const { requests } = mockFetch({
      'GET /api/alerts/channels': { body: [] },
      'GET /api/alerts/rules': () => ({ body: rules }),
      'GET /api/alerts/deliveries': { body: page([]) },
      'POST /api/alerts/rules': (request) => {
        rules = [{ ...rule, ...(request.body as object) }];
        return { status: 201, body: rules[0] };
      },
      [`DELETE /api/alerts/rules/${rule.id}`]: () => {
        rules = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<AlertsSettings />);
    expect(await screen.findByText(MESSAGES.alerts.noRules)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Alert when' }));
    await user.click(await screen.findByRole('option', { name: 'More than N % of pages change' }));
    await user.clear(screen.getByLabelText('Pages changed above (%)'));
    await user.type(screen.getByLabelText('Pages changed above (%)'), '35');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));

    expect(await screen.findByTestId('alert-rule-row')).toHaveTextContent('More than 35 % of pages change');
    expect(requests().find((r) => r.method === 'POST')).toMatchObject({
      body: { kind: 'pages_changed', minSeverity: null, thresholdPercent: 35, withinDays: null },
    });

    await user.click(within(screen.getByTestId('alert-rule-row')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MESSAGES.alerts.noRules)).toBeInTheDocument();
  });

  it('shows a viewer the channels and rules without Add, Send test or Remove', async () => {
    mockFetch({
      'GET /api/alerts/channels': { body: [channel] },
      'GET /api/alerts/rules': { body: [rule] },
      'GET /api/alerts/deliveries': { body: page([]) },
    });
    renderWithProviders(<AlertsSettings />, { workspace: { role: 'viewer', personal: false } });

    const channelRow = await screen.findByTestId('alert-channel-row');
    expect(channelRow).toHaveTextContent('Ops hook');
    expect(await screen.findByTestId('alert-rule-row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add channel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Send test/ })).not.toBeInTheDocument();
  });
});
