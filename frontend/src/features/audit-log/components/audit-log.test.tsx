import { MESSAGES, type AuditEntry, type AuditLogPage } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { AuditLog } from './audit-log';

const PATH = `/api/workspaces/${WORKSPACE_ID}/audit-log`;
const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: '2025-03-01T12:00:00Z',
  actorType: 'user',
  actorId: '00000000-0000-4000-8000-0000000000a1',
  actorLabel: 'ann@example.com',
  action: 'invitation.create',
  targetType: 'invitation',
  targetId: `inv-${n}`,
  targetName: `guest${n}@example.com`,
  summary: { email: `guest${n}@example.com`, role: 'viewer' },
  clientAddress: '127.0.0.1',
  ...extra,
});

/** 30 entries, 25 a page, filtered by action when asked, as the API does. */
const answer = ({ search }: MockRequest) => {
  const query = new URLSearchParams(search);
  const all = Array.from({ length: 30 }, (_, i) =>
    entry(i + 1, i === 0 ? { action: 'api_key.create', actorType: 'api_key', actorLabel: 'CI key' } : {}),
  );
  const matching = query.get('action') ? all.filter(({ action }) => action.startsWith(query.get('action')!)) : all;
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 25);
  const body: AuditLogPage = { items: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit };
  return { body };
};

describe('AuditLog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows a page of entries with actor, action, target and details, and the next page on request', async () => {
    const { requests } = mockFetch({ [`GET ${PATH}`]: answer });
    const { user } = renderWithProviders(<AuditLog />);

    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(25);
    expect(screen.getByTestId('audit-total')).toHaveTextContent('30');
    expect(rows[0]).toHaveTextContent('CI key');
    expect(within(rows[0]!).getByText('API key')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('invitation.create');
    expect(within(rows[1]!).getByTestId('audit-target-name')).toHaveTextContent('guest2@example.com');
    expect(rows[1]).toHaveTextContent('Email: guest2@example.com; Role: viewer');
    expect(rows[1]).not.toHaveTextContent('{');
    expect(rows[1]).toHaveTextContent('127.0.0.1');

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(5));
    expect(new URLSearchParams(requests().at(-1)!.search).get('page')).toBe('2');
  });

  it('filters by actor, action and days, back to page 1, and says so when nothing matches', async () => {
    const { requests } = mockFetch({ [`GET ${PATH}`]: answer });
    const { user } = renderWithProviders(<AuditLog />);
    await screen.findAllByTestId('audit-row');

    await user.type(screen.getByLabelText('Actor'), 'ann@example.com');
    await user.type(screen.getByTestId('audit-action'), 'member.remove');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(MESSAGES.auditLog.none)).toBeInTheDocument();
    const query = Object.fromEntries(new URLSearchParams(requests().at(-1)!.search));
    expect(query).toEqual({
      actor: 'ann@example.com',
      action: 'member.remove',
      from: '2025-03-01',
      to: '2025-03-31',
      page: '1',
      limit: '25',
    });
  });

  it('refuses a range that ends before it starts, with the shared message', async () => {
    const { requests } = mockFetch({ [`GET ${PATH}`]: answer });
    const { user } = renderWithProviders(<AuditLog />);
    await screen.findAllByTestId('audit-row');
    const before = requests().length;

    await user.type(screen.getByLabelText('From'), '2025-03-31');
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(MESSAGES.auditLog.toBeforeFrom)).toBeInTheDocument();
    expect(requests()).toHaveLength(before);
  });

  it('exports the filtered entries as CSV, downloaded under the name the server gives', async () => {
    // jsdom has no object URLs; the download itself is the anchor's click, recorded here.
    const downloads: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { requests } = mockFetch({
      [`GET ${PATH}`]: answer,
      [`GET ${PATH}/export`]: {
        raw: 'at,actor,action\n',
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-log-2025.csv"' },
      },
    });
    const { user } = renderWithProviders(<AuditLog />);
    await screen.findAllByTestId('audit-row');

    await user.type(screen.getByTestId('audit-action'), 'api_key.create');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toEqual(['audit-log-2025.csv']));
    const exported = requests().find(({ path }) => path.endsWith('/export'))!;
    expect(Object.fromEntries(new URLSearchParams(exported.search))).toEqual({ action: 'api_key.create' });
  });

  it('on a phone, shows each entry as a card with labelled values instead of a table', async () => {
    mockPhoneScreen();
    mockFetch({ [`GET ${PATH}`]: answer });
    renderWithProviders(<AuditLog />);

    const cards = await screen.findAllByTestId('audit-row');
    expect(cards).toHaveLength(25);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Audit log' })).toContainElement(cards[1]!);
    expect(within(cards[1]!).getByText('Details')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Email: guest2@example.com; Role: viewer');
  });
});
