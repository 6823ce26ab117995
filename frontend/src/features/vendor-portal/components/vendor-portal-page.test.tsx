import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { MESSAGES, type PortalRequest, type RemediationReply } from '@vendorwatch/contracts';
import { RECHECK_STARTED } from './portal-recheck';
import { VendorPortalPage } from './vendor-portal-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PORTAL = `/api/portal/${TOKEN}`;

const reply = (extra: Partial<RemediationReply>): RemediationReply => ({
  id: 'r1',
  author: 'vendor',
  status: 'fixed',
  decision: null,
  comment: '',
  createdAt: '2030-03-01T10:00:00.000Z',
  ...extra,
});

const portalRequest = (extra: Partial<PortalRequest> = {}): PortalRequest => ({
  kind: 'remediation',
  workspaceName: 'Acme Risk',
  vendorName: 'Globex',
  dueAt: '2030-03-15T23:59:59.000Z',
  message: 'Please add the missing headers before our audit.',
  state: 'sent',
  overdue: false,
  recheck: { running: false, usedToday: 0, perDay: 3, lastRequestedAt: null },
  limits: { maxAttachmentBytes: 10 * 1024 * 1024, maxAttachments: 20, commentMaxLength: 2000 },
  checks: [
    {
      checkId: 'headers.hsts',
      title: 'HSTS present with max-age of at least 6 months',
      outcome: 'fail',
      summary: '3 of 3 pages send no Strict-Transport-Security',
      howToFix: 'Send Strict-Transport-Security: max-age=31536000',
      evidence: [{ url: 'https://globex.example/', detail: 'No Strict-Transport-Security header' }],
      status: 'open',
      replies: [],
      attachments: [],
    },
  ],
  ...extra,
});

describe('the vendor page', () => {
  it('shows who asks, by when, why, and per check what failed, the evidence and how to fix it', async () => {
    mockPhoneScreen();
    mockFetch({ [`GET ${PORTAL}`]: { body: portalRequest() } });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);

    expect(await screen.findByTestId('portal-workspace')).toHaveTextContent('Acme Risk');
    expect(screen.getByTestId('portal-vendor')).toHaveTextContent('Globex');
    expect(screen.getByTestId('portal-due')).toHaveTextContent('2030');
    expect(screen.getByTestId('portal-message')).toHaveTextContent('Please add the missing headers before our audit.');
    const check = screen.getByTestId('portal-check');
    expect(check).toHaveTextContent('HSTS present with max-age of at least 6 months');
    expect(check).toHaveTextContent('3 of 3 pages send no Strict-Transport-Security');
    expect(check).toHaveTextContent('https://globex.example/: No Strict-Transport-Security header');
    expect(check).toHaveTextContent('Send Strict-Transport-Security: max-age=31536000');
    expect(within(check).getByTestId('portal-check-status')).toHaveTextContent('Waiting for your answer');
  });

  it('sends a "fixed" answer with its comment, then shows it among the answers', async () => {
    let current = portalRequest();
    const { requests } = mockFetch({
      [`GET ${PORTAL}`]: () => ({ body: current }),
      [`POST ${PORTAL}/checks/headers.hsts/replies`]: ({ body }) => {
        const answer = body as { status: 'fixed'; comment: string };
        current = portalRequest({
          state: 'responded',
          checks: [{ ...current.checks[0]!, status: 'claimed_fixed', replies: [reply(answer)] }],
        });
        return { status: 201, body: current };
      },
    });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);

    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByTestId('portal-reply-error')).toHaveTextContent('Choose fixed, compensating control or disputed');

    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    await user.type(screen.getByLabelText('Comment'), 'HSTS is on since this morning');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByTestId('portal-replies')).toHaveTextContent('Fixed: HSTS is on since this morning');
    expect(screen.getByTestId('portal-check-status')).toHaveTextContent('You said fixed');
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({
      status: 'fixed',
      comment: 'HSTS is on since this morning',
    });
  });

  it("uploads a PDF to the check, and shows the server's words when it refuses a file", async () => {
    let refuse = false;
    const { requests } = mockFetch({
      [`GET ${PORTAL}`]: { body: portalRequest() },
      [`POST ${PORTAL}/attachments`]: () =>
        refuse
          ? { status: 400, body: { statusCode: 400, message: 'Only PDF, PNG or JPEG files can be attached' } }
          : { status: 201, body: { id: 'a1', name: 'hsts.pdf', size: 1200, sha256: 'ab'.repeat(32) } },
    });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);
    await screen.findByTestId('portal-check');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['%PDF-1.4'], 'hsts.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('portal-attachment')).toHaveTextContent('Attached: hsts.pdf');
    const upload = requests().find(({ path }) => path === `${PORTAL}/attachments`);
    expect(upload?.method).toBe('POST');

    refuse = true;
    await user.upload(input, new File(['MZ'], 'evil.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('portal-attach-error')).toHaveTextContent('Only PDF, PNG or JPEG files can be attached');
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { requests } = mockFetch({ [`GET ${PORTAL}`]: { body: portalRequest() } });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);
    await screen.findByTestId('portal-check');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, big);
    expect(await screen.findByTestId('portal-attach-error')).toHaveTextContent('larger than 10 MB');
    expect(requests().some(({ path }) => path.endsWith('/attachments'))).toBe(false);
  });

  it.each([
    { status: 202, body: { crawlJobId: 'job-1', state: 'started' }, result: 'started', text: RECHECK_STARTED },
    {
      status: 409,
      body: { statusCode: 409, message: MESSAGES.remediation.recheckRunning },
      result: 'running',
      text: MESSAGES.remediation.recheckRunning,
    },
    {
      status: 429,
      body: { statusCode: 429, message: 'At most 3 re-checks a day: try again tomorrow' },
      result: 'refused',
      text: 'At most 3 re-checks a day: try again tomorrow',
    },
  ])('explains the re-check answer $status ($result)', async ({ status, body, result, text }) => {
    mockFetch({
      [`GET ${PORTAL}`]: { body: portalRequest() },
      [`POST ${PORTAL}/recheck`]: { status, body },
    });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Ask for a re-check' }));
    const answer = await screen.findByTestId('portal-recheck-result');
    expect(answer).toHaveAttribute('data-result', result);
    expect(answer).toHaveTextContent(text);
  });

  it('says plainly that a dead or unknown link is no longer valid', async () => {
    mockFetch({ [`GET ${PORTAL}`]: { status: 404, body: { statusCode: 404, message: MESSAGES.remediation.linkInvalid } } });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.remediation.linkInvalid })).toBeInTheDocument();
    expect(screen.queryByTestId('vendor-portal')).not.toBeInTheDocument();
  });

  it("shows the team's note on a rejected answer, and the form to answer again", async () => {
    const rejected = [
      reply({ comment: 'Done' }),
      reply({ id: 'r2', author: 'workspace', status: null, decision: 'reject', comment: 'Still missing on /login' }),
    ];
    mockFetch({
      [`GET ${PORTAL}`]: { body: portalRequest({ checks: [{ ...portalRequest().checks[0]!, replies: rejected }] }) },
    });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByTestId('portal-decision-note')).toHaveTextContent('Still missing on /login');
    expect(screen.getByTestId('portal-replies')).toHaveTextContent('Not accepted by the team: Still missing on /login');
    expect(screen.getByRole('button', { name: 'Send answer' })).toBeInTheDocument();
  });

  it('shows a closed request without forms', async () => {
    mockFetch({
      [`GET ${PORTAL}`]: {
        body: portalRequest({ state: 'closed', checks: [{ ...portalRequest().checks[0]!, status: 'resolved' }] }),
      },
    });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByTestId('portal-closed')).toHaveTextContent('Closed');
    expect(screen.getByTestId('portal-check-status')).toHaveTextContent('Resolved');
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for a re-check' })).not.toBeInTheDocument();
  });

  it('while a re-check runs, says so and reads the request again until it is done', async () => {
    let reads = 0;
    mockFetch({
      [`GET ${PORTAL}`]: () => {
        reads += 1;
        const running = reads < 2;
        return {
          body: portalRequest({
            state: running ? 'responded' : 'closed',
            recheck: { running, usedToday: 1, perDay: 3, lastRequestedAt: '2030-03-01T10:00:00.000Z' },
            checks: [{ ...portalRequest().checks[0]!, status: running ? 'claimed_fixed' : 'resolved' }],
          }),
        };
      },
    });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByTestId('portal-recheck-running')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for a re-check' })).toBeDisabled();
    expect(screen.getByTestId('portal-recheck')).toHaveTextContent('2 of 3 left today');
    expect(await screen.findByTestId('portal-closed', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('portal-check-status')).toHaveTextContent('Resolved');
  });
});
