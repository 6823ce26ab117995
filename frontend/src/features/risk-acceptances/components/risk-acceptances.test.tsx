import type { User } from '@supabase/supabase-js';
import { MESSAGES, type RiskAcceptance, type WorkspaceRole } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext } from '@/lib/auth/auth-context';
import { fakeUser } from '@/testing/fake-session';
import { paginated, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { AcceptRiskButton } from './accept-risk-button';
import { RiskAcceptancesList } from './risk-acceptances-list';

const OTHER_USER = '00000000-0000-4000-8000-0000000000e1';
const acceptance = (extra: Partial<RiskAcceptance> = {}): RiskAcceptance => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  vendorId: VENDOR_ID,
  vendorName: 'Legacy Co',
  checkId: 'transport.https',
  checkTitle: 'Every page is served over HTTPS',
  assessmentId: null,
  justification: 'Legacy host, replaced next quarter',
  expiresAt: '2099-03-31T23:59:59.999Z',
  state: 'pending',
  requestedByUserId: OTHER_USER,
  requestedByEmail: 'eddie@example.com',
  requestedAt: '2099-01-01T00:00:00Z',
  decidedByUserId: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionNote: null,
  revokedByUserId: null,
  revokedAt: null,
  revokeNote: null,
  ...extra,
});

const renderList = (role: WorkspaceRole) =>
  renderWithProviders(
    <AuthContext.Provider value={{ user: fakeUser as unknown as User, secondFactorPending: false }}>
      <RiskAcceptancesList />
    </AuthContext.Provider>,
    { workspace: { role, personal: false } },
  );

describe('RiskAcceptancesList', () => {
  it("lets an admin approve another member's request, and reads the state asked for", async () => {
    let current = acceptance();
    const { requests } = mockFetch({
      // `active` names the approved ones that have not expired.
      'GET /api/risk-acceptances': ({ search }) => {
        const state = new URLSearchParams(search).get('state');
        return { body: paginated((state === 'active' ? 'approved' : state) === current.state ? [current] : []) };
      },
      [`POST /api/risk-acceptances/${current.id}/approve`]: () => {
        current = { ...current, state: 'approved' };
        return { body: current };
      },
    });
    const { user } = renderList('admin');
    const row = await screen.findByTestId('risk-acceptance-row', {}, { timeout: 10_000 });
    expect(row).toHaveTextContent('Legacy Co');
    expect(row).toHaveTextContent('Legacy host, replaced next quarter');
    expect(row).toHaveTextContent('eddie@example.com');

    await user.click(within(row).getByRole('button', { name: /Approve Legacy Co/ }));
    expect(await screen.findByText(MESSAGES.riskAcceptances.approved, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(requests().some(({ method, path }) => method === 'POST' && path.endsWith('/approve'))).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Active' }));
    const active = await screen.findByTestId('risk-acceptance-row', {}, { timeout: 10_000 });
    expect(within(active).getByTestId('risk-acceptance-state')).toHaveTextContent('Active');
    expect(requests().some(({ search }) => search.includes('state=active'))).toBe(true);
  });

  it('disables Approve and Reject for the requester themself, with the reason, and keeps Revoke', async () => {
    mockFetch({ 'GET /api/risk-acceptances': { body: paginated([acceptance({ requestedByUserId: fakeUser.id })]) } });
    renderList('owner');
    const row = await screen.findByTestId('risk-acceptance-row', {}, { timeout: 10_000 });
    expect(within(row).getByRole('button', { name: /Approve/ })).toBeDisabled();
    expect(within(row).getByRole('button', { name: /Reject/ })).toBeDisabled();
    expect(within(row).getByTestId('self-approval-note')).toHaveTextContent('another admin or owner decides');
    expect(within(row).getByRole('button', { name: /Revoke/ })).toBeEnabled();
  });

  it('shows an editor no decision, and Revoke only on their own request', async () => {
    mockFetch({
      'GET /api/risk-acceptances': {
        body: paginated([
          acceptance(),
          acceptance({ id: '00000000-0000-4000-8000-0000000000a2', checkTitle: 'Mine', requestedByUserId: fakeUser.id }),
        ]),
      },
    });
    renderList('editor');
    const rows = await screen.findAllByTestId('risk-acceptance-row', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /Revoke/ })).toBeInTheDocument();
  });

  it('shows each acceptance as a card on a 390 px screen', async () => {
    mockPhoneScreen();
    mockFetch({ 'GET /api/risk-acceptances': { body: paginated([acceptance()]) } });
    renderList('admin');
    const card = await screen.findByTestId('risk-acceptance-row', {}, { timeout: 10_000 });
    expect(card).toHaveAttribute('role', 'listitem');
    expect(within(card).getByRole('button', { name: /Approve/ })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('AcceptRiskButton', () => {
  it('asks for a justification and an expiry capped at the tier, then sends the request', async () => {
    const { requests } = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/risk-acceptances`]: { body: { items: [], maxAcceptanceDays: 90 } },
      [`POST /api/vendors/${VENDOR_ID}/risk-acceptances`]: ({ body }) => ({
        status: 201,
        body: acceptance(body as Partial<RiskAcceptance>),
      }),
    });
    const { user } = renderWithProviders(
      <AcceptRiskButton vendorId={VENDOR_ID} check={{ checkId: 'transport.https', title: 'Every page is served over HTTPS' }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept risk' }));
    const dialog = await screen.findByRole('dialog');
    const expiry = within(dialog).getByTestId('accept-risk-expiry');
    await waitFor(() => expect(expiry).toHaveAttribute('max'), { timeout: 10_000 });
    const max = Date.parse(`${expiry.getAttribute('max')}T00:00:00Z`);
    expect(Math.round((max - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000)).toBe(90);
    expect(within(dialog).getByText(/at most 90 days/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(await within(dialog).findByText(MESSAGES.riskAcceptances.justificationRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Justification/), 'Compensated by the WAF');
    await user.type(expiry, '2099-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(await screen.findByText(MESSAGES.riskAcceptances.requested, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({
      checkId: 'transport.https',
      justification: 'Compensated by the WAF',
      expiresAt: '2099-01-31',
    });
  });
});
