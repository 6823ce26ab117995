import { DEFAULT_PROGRAMME_TIERS } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { TiersSettings } from './tiers-settings';

describe('TiersSettings', () => {
  it('lets an admin rename a tier and take away its scheduled review', async () => {
    const fetch = mockFetch({
      'GET /api/programme/tiers': { body: { items: DEFAULT_PROGRAMME_TIERS } },
      'PUT /api/programme/tiers': ({ body }) => ({ body }),
    });
    const { user } = renderWithProviders(<TiersSettings />, { workspace: { role: 'admin' } });

    const name = await screen.findByLabelText('Tier 1 name');
    await user.clear(name);
    await user.type(name, 'Crown jewels');
    const third = screen.getByTestId('tier-3');
    await user.clear(within(third).getByLabelText(/Review every/));
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));

    await waitFor(() =>
      expect(fetch.requests().find((request) => request.method === 'PUT')?.body).toEqual({
        items: [
          { ...DEFAULT_PROGRAMME_TIERS[0], name: 'Crown jewels' },
          DEFAULT_PROGRAMME_TIERS[1],
          { ...DEFAULT_PROGRAMME_TIERS[2], reviewIntervalDays: null },
          DEFAULT_PROGRAMME_TIERS[3],
        ],
      }),
    );
  });

  it('refuses an empty name before sending', async () => {
    const fetch = mockFetch({ 'GET /api/programme/tiers': { body: { items: DEFAULT_PROGRAMME_TIERS } } });
    const { user } = renderWithProviders(<TiersSettings />, { workspace: { role: 'owner' } });
    await user.clear(await screen.findByLabelText('Tier 2 name'));
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(await screen.findByText('Each tier needs a name')).toBeInTheDocument();
    expect(fetch.requests().some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows the tiers read-only to editors and viewers', async () => {
    mockFetch({ 'GET /api/programme/tiers': { body: { items: DEFAULT_PROGRAMME_TIERS } } });
    renderWithProviders(<TiersSettings />, { workspace: { role: 'editor' } });
    const table = await screen.findByTestId('tiers-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1CriticalEvery 180 days90 days',
      '2HighEvery 365 days180 days',
      '3MediumEvery 730 days365 days',
      '4LowNo scheduled review365 days',
    ]);
    expect(screen.queryByRole('button', { name: 'Save tiers' })).not.toBeInTheDocument();
  });
});
