import { MESSAGES, workspaceMessages, type ApiKey } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { ApiKeys } from './api-keys';

const PATH = `/api/workspaces/${WORKSPACE_ID}/api-keys`;
const SECRET = `vwk_${'A'.repeat(39)}Zk9q`;
const key = (extra: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-0000000000k1',
  name: 'GRC export',
  role: 'viewer',
  last4: 'Zk9q',
  createdAt: '2025-01-01T00:00:00Z',
  lastUsedAt: null,
  expiresAt: null,
  ...extra,
});

describe('ApiKeys', () => {
  it('creates a key and shows its secret once, with a warning and a copy button; the list shows it masked', async () => {
    const keys: ApiKey[] = [];
    const { requests } = mockFetch({
      [`GET ${PATH}`]: () => ({ body: keys }),
      [`POST ${PATH}`]: ({ body }) => {
        const { name, role } = body as ApiKey;
        keys.push(key({ name, role }));
        return { status: 201, body: { id: keys[0]!.id, name, role, key: SECRET } };
      },
    });
    const { user } = renderWithProviders(<ApiKeys />);
    expect(await screen.findByText(MESSAGES.apiKeys.none)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(MESSAGES.apiKeys.nameRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'GRC export');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(dialog).getByText(MESSAGES.apiKeys.shownOnce)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({
      name: 'GRC export',
      role: 'viewer',
      expiresAt: null,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByTestId('api-key-masked')).toHaveTextContent('vwk_…Zk9q');
    expect(row).toHaveTextContent('Never');
    // Gone for good: the secret is nowhere on the screen any more.
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('sends a chosen expiry as the end of that day, and refuses a day in the past', async () => {
    const { requests } = mockFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: ({ body }) => ({
        status: 201,
        body: { id: 'k2', name: 'CI', role: 'editor', key: SECRET, ...(body as object) },
      }),
    });
    const { user } = renderWithProviders(<ApiKeys />);
    await screen.findByText(MESSAGES.apiKeys.none);

    await user.type(screen.getByLabelText('Name'), 'CI');
    await user.type(screen.getByLabelText('Expires (optional)'), '2001-01-01');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(MESSAGES.apiKeys.invalidExpiry)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Expires (optional)'));
    await user.type(screen.getByLabelText('Expires (optional)'), '2099-06-30');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog');
    const sent = requests().find(({ method }) => method === 'POST')?.body as { expiresAt: string };
    expect(new Date(sent.expiresAt).getTime()).toBe(new Date('2099-06-30T23:59:59.999').getTime());
  });

  it('revokes a key after confirmation, showing its last use meanwhile', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let keys = [key({ lastUsedAt: '2025-02-01T10:00:00Z' })];
    mockFetch({
      [`GET ${PATH}`]: () => ({ body: keys }),
      [`DELETE ${PATH}/${keys[0]!.id}`]: () => {
        keys = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<ApiKeys />);

    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent(new Date('2025-02-01T10:00:00Z').toLocaleString());
    await user.click(within(row).getByRole('button', { name: 'Revoke GRC export' }));

    expect(confirm).toHaveBeenCalledWith(workspaceMessages.confirmRevokeApiKey('GRC export'));
    expect(await screen.findByText(workspaceMessages.apiKeyRevoked('GRC export'))).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.apiKeys.none)).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('on a phone, shows each key as a card with labelled values instead of a table', async () => {
    mockPhoneScreen();
    mockFetch({ [`GET ${PATH}`]: { body: [key()] } });
    renderWithProviders(<ApiKeys />);

    const card = await screen.findByTestId('api-key-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'API keys' })).toContainElement(card);
    expect(within(card).getByText('Last used')).toBeInTheDocument();
    expect(within(card).getByTestId('api-key-masked')).toHaveTextContent('Zk9q');
    expect(within(card).getByRole('button', { name: 'Revoke GRC export' })).toBeInTheDocument();
  });
});
