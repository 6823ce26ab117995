import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RemediationReply, RemediationRequestDetail as Detail } from '@vendorwatch/contracts';
import { RemediationRequestDetail } from './remediation-request-detail';
import { VendorRemediationRequests } from './vendor-remediation-requests';

const ID = 'req-1';
const PATH = `/api/remediation-requests/${ID}`;

const reply = (extra: Partial<RemediationReply>): RemediationReply => ({
  id: 'r1',
  author: 'vendor',
  status: 'fixed',
  decision: null,
  comment: '',
  createdAt: '2020-03-02T10:00:00.000Z',
  ...extra,
});

const detail = (extra: Partial<Detail> = {}): Detail => ({
  id: ID,
  vendorId: VENDOR_ID,
  vendorName: 'Globex',
  createdAt: '2020-03-01T09:00:00.000Z',
  createdBy: 'ann@example.com',
  awaitingReview: 1,
  assessmentId: 'a1',
  linkLastViewedAt: '2020-03-01T10:00:00.000Z',
  rechecksToday: 0,
  state: 'responded',
  checkIds: ['headers.hsts', 'headers.csp'],
  contactEmail: 'sec@globex.example',
  dueAt: '2020-03-15T23:59:59.000Z',
  overdue: true,
  message: 'Before our audit, please.',
  checks: [
    {
      checkId: 'headers.hsts',
      title: 'HSTS present',
      status: 'claimed_fixed',
      replies: [reply({ comment: 'HSTS is on' })],
      attachments: [
        {
          id: 'att-1',
          checkId: 'headers.hsts',
          name: 'hsts.pdf',
          size: 2048,
          sha256: 'ab'.repeat(32),
          contentType: 'application/pdf',
          createdAt: '2020-03-02T10:00:00.000Z',
        },
      ],
    },
    { checkId: 'headers.csp', title: 'Content-Security-Policy present', status: 'open', replies: [], attachments: [] },
  ],
  events: [{ id: 'e1', type: 'viewed', at: '2020-03-01T10:00:00.000Z', actor: 'Vendor contact', detail: {} }],
  ...extra,
});

describe('a remediation request', () => {
  it("shows its state, the overdue badge, and per check the vendor's reply and files", async () => {
    mockFetch({ [`GET ${PATH}`]: { body: detail() } });
    renderWithProviders(<RemediationRequestDetail requestId={ID} />);

    expect(await screen.findByTestId('remediation-state')).toHaveTextContent('Responded');
    expect(screen.getByTestId('remediation-overdue')).toBeInTheDocument();
    const [hsts, csp] = screen.getAllByTestId('remediation-check');
    expect(within(hsts!).getByTestId('remediation-check-status')).toHaveTextContent('Vendor says fixed');
    expect(within(hsts!).getByTestId('remediation-reply')).toHaveTextContent(/^Fixed \(.+\): HSTS is on$/);
    expect(within(hsts!).getByTestId('remediation-attachment')).toHaveTextContent('hsts.pdf (2 KB)');
    // Only an answered check waits for a decision.
    expect(within(hsts!).getByTestId('check-accept')).toBeInTheDocument();
    expect(within(csp!).queryByTestId('check-accept')).not.toBeInTheDocument();
    expect(within(csp!).getByText('No reply from the vendor yet.')).toBeInTheDocument();
  });

  it('downloads an attachment through the members-only route', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:hsts');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { requests } = mockFetch({
      [`GET ${PATH}`]: { body: detail() },
      [`GET ${PATH}/attachments/att-1`]: {
        raw: '%PDF-1.4',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="hsts.pdf"' },
      },
    });
    const { user } = renderWithProviders(<RemediationRequestDetail requestId={ID} />);
    await user.click(await screen.findByTestId('remediation-attachment'));
    await vi.waitFor(() => expect(created).toHaveBeenCalled(), { timeout: 10_000 });
    expect(requests().some(({ path }) => path === `${PATH}/attachments/att-1`)).toBe(true);
  });

  it('accepts a reply, and rejects one only with a note for the vendor', async () => {
    const { requests } = mockFetch({
      [`GET ${PATH}`]: { body: detail() },
      [`POST ${PATH}/checks/headers.hsts/decision`]: { body: {} },
    });
    const { user } = renderWithProviders(<RemediationRequestDetail requestId={ID} />);

    await user.click(await screen.findByTestId('check-accept'));
    expect(await screen.findByText('Reply accepted')).toBeInTheDocument();

    await user.click(screen.getByTestId('check-reject'));
    await user.click(screen.getByTestId('check-reject-confirm'));
    expect(await screen.findByText('Say why, so the vendor knows what to do next')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Why the reply is rejected/), 'Still missing on /login');
    await user.click(screen.getByTestId('check-reject-confirm'));
    expect(await screen.findByText('Reply rejected: the vendor sees your note')).toBeInTheDocument();

    const decisions = requests()
      .filter(({ method }) => method === 'POST')
      .map(({ body }) => body);
    expect(decisions).toEqual([{ decision: 'accept' }, { decision: 'reject', note: 'Still missing on /login' }]);
  });

  it('cancels an open request', async () => {
    let current = detail();
    mockFetch({
      [`GET ${PATH}`]: () => ({ body: current }),
      [`POST ${PATH}/cancel`]: () => {
        current = detail({ state: 'cancelled', overdue: false });
        return { body: current };
      },
    });
    const { user } = renderWithProviders(<RemediationRequestDetail requestId={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Request cancelled: its link no longer works')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('remediation-state')).toHaveTextContent('Cancelled'), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('check-accept')).not.toBeInTheDocument();
  });

  it('lets a viewer read but not act', async () => {
    mockFetch({ [`GET ${PATH}`]: { body: detail() } });
    renderWithProviders(<RemediationRequestDetail requestId={ID} />, { workspace: { role: 'viewer', personal: false } });
    expect(await screen.findByTestId('remediation-reply')).toHaveTextContent('HSTS is on');
    expect(screen.getByTestId('remediation-attachment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('check-accept')).not.toBeInTheDocument();
  });
});

describe("a vendor's requests", () => {
  it('lists each request with its checks, contact, due date and state, linking to it', async () => {
    const { requests } = mockFetch({
      'GET /api/remediation-requests': {
        body: {
          items: [
            { ...detail(), checks: undefined, events: undefined },
            { ...detail(), id: 'req-2', state: 'closed', overdue: false },
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<VendorRemediationRequests vendorId={VENDOR_ID} />);
    const rows = await screen.findAllByTestId('remediation-request-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2 checks');
    expect(rows[0]).toHaveTextContent('sec@globex.example');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/remediation-requests/${ID}`);
    // A vendor's own page does not name the vendor on each row.
    expect(rows[0]).not.toHaveTextContent('Globex');
    expect(within(rows[0]!).getByTestId('remediation-overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('remediation-state')).toHaveTextContent('Closed');
    expect(requests()[0]!.search).toBe(`?vendorId=${VENDOR_ID}`);
  });

  it('says when no fix was requested yet', async () => {
    mockFetch({ 'GET /api/remediation-requests': { body: { items: [], total: 0 } } });
    renderWithProviders(<VendorRemediationRequests vendorId={VENDOR_ID} />);
    expect(await screen.findByText('No fix has been requested from this vendor yet.')).toBeInTheDocument();
  });
});
