import type { RemediationRequestSummary } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { VENDOR_ID } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { RemediationRequestsList } from './remediation-requests-list';

const request = (extra: Partial<RemediationRequestSummary> = {}): RemediationRequestSummary => ({
  id: 'req-1',
  vendorId: VENDOR_ID,
  vendorName: 'Globex',
  state: 'responded',
  checkIds: ['headers.hsts', 'headers.csp'],
  contactEmail: 'security-team-with-a-long-address@globex.example',
  dueAt: '2020-03-15T23:59:59.000Z',
  overdue: true,
  message: '',
  createdAt: '2020-03-01T09:00:00.000Z',
  createdBy: 'ann@example.com',
  awaitingReview: 2,
  ...extra,
});

const closed = request({
  id: 'req-2',
  vendorName: 'Initech',
  state: 'closed',
  overdue: false,
  awaitingReview: 0,
  checkIds: ['x'],
});

/** The API's filters, as the server applies them. */
const matches = (item: RemediationRequestSummary, state: string | null) =>
  state === null ||
  (state === 'open'
    ? ['sent', 'viewed', 'responded'].includes(item.state)
    : state === 'overdue'
      ? item.overdue
      : item.state === state);

const backend = (items: RemediationRequestSummary[], total?: (search: URLSearchParams) => number) =>
  mockFetch({
    'GET /api/remediation-requests': ({ search }: MockRequest) => {
      const params = new URLSearchParams(search);
      const found = items.filter((item) => matches(item, params.get('state')));
      return { body: { items: found, total: total?.(params) ?? found.length } };
    },
  });

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const renderList = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/remediation-requests"
        element={
          <>
            <RemediationRequestsList />
            <Location />
          </>
        }
      />
      <Route path="*" element={<Location />} />
    </Routes>,
    { initialEntries: [url] },
  );

const stateOf = (call: MockRequest) => new URLSearchParams(call.search).get('state');
const WAIT = { timeout: 10_000 };

describe('RemediationRequestsList', () => {
  it("reads the filter from the URL, lists each request's vendor, checks, contact, due date and state, and leads to it", async () => {
    const { requests } = backend([request(), closed]);
    const { user } = renderList('/remediation-requests?state=overdue');

    const row = await screen.findByTestId('remediation-request-row', {}, WAIT);
    expect(stateOf(requests()[0]!)).toBe('overdue');
    expect(screen.getByRole('radio', { name: 'Overdue' })).toBeChecked();
    expect(screen.getAllByTestId('remediation-request-row')).toHaveLength(1);
    expect(row).toHaveTextContent('2 checks');
    expect(row).toHaveTextContent('security-team-with-a-long-address@globex.example');
    expect(within(row).getByRole('link', { name: 'Globex' })).toHaveAttribute('href', `/vendors/${VENDOR_ID}`);
    expect(within(row).getByTestId('remediation-state')).toHaveTextContent('Responded');
    expect(within(row).getByTestId('remediation-overdue')).toBeInTheDocument();
    expect(within(row).getByTestId('remediation-awaiting-review')).toHaveTextContent('2 replies to review');

    // Another filter goes into the URL and asks the API for it.
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/remediation-requests?state=closed'), WAIT);
    await waitFor(() => expect(screen.getByTestId('remediation-request-row')).toHaveTextContent('Initech'), WAIT);
    expect(stateOf(requests().at(-1)!)).toBe('closed');

    // "All" asks for no state at all.
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('remediation-request-row')).toHaveLength(2), WAIT);
    expect(stateOf(requests().at(-1)!)).toBeNull();

    // A row leads to the request's detail.
    await user.click(within(screen.getAllByTestId('remediation-request-row')[1]!).getByTestId('remediation-request-link'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/remediation-requests/req-2'), WAIT);
  });

  it('shows the open requests when the URL names no filter, and says when there are none', async () => {
    const { requests } = backend([closed]);
    renderList('/remediation-requests');
    expect(await screen.findByTestId('remediation-requests-empty', {}, WAIT)).toHaveTextContent(
      'No request is waiting on a vendor or on you.',
    );
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(stateOf(requests()[0]!)).toBe('open');
  });

  it('pages through the API, the page kept in the URL', async () => {
    const { requests } = backend([request()], () => 45);
    const { user } = renderList('/remediation-requests?state=open');
    await screen.findByTestId('remediation-request-row', {}, WAIT);
    expect(screen.getByTestId('remediation-requests-total')).toHaveTextContent('45');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/remediation-requests?state=open&page=3'),
      WAIT,
    );
    await waitFor(() => expect(new URLSearchParams(requests().at(-1)!.search).get('page')).toBe('3'), WAIT);
    expect(new URLSearchParams(requests().at(-1)!.search).get('limit')).toBe('20');
  });

  it('shows each request as a card on a phone, with nothing in a table', async () => {
    mockPhoneScreen();
    backend([request(), closed]);
    renderList('/remediation-requests?state=all');
    const cards = await screen.findAllByTestId('remediation-request-row', {}, WAIT);
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Remediation requests' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Globex');
    expect(within(cards[0]!).getByText('Contact')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('remediation-request-link')).toHaveAttribute('href', '/remediation-requests/req-1');
  });
});
