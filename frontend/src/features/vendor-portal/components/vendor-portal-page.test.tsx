import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import type { PortalRequest } from '../api/types';
import { RECHECK_STARTED } from './portal-recheck';
import { VendorPortalPage } from './vendor-portal-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PORTAL = `/api/portal/${TOKEN}`;

const portalRequest = (extra: Partial<PortalRequest> = {}): PortalRequest => ({
  workspaceName: 'Acme Risk',
  vendorName: 'Globex',
  dueAt: '2030-03-15T23:59:59.000Z',
  message: 'Please add the missing headers before our audit.',
  state: 'sent',
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
        const reply = body as { status: 'fixed'; comment: string };
        current = portalRequest({
          state: 'responded',
          checks: [{ ...current.checks[0]!, status: 'claimed_fixed', replies: [reply] }],
        });
        return { status: 201, body: { id: 'r1', ...reply } };
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
    { status: 202, body: undefined, result: 'started', text: RECHECK_STARTED },
    {
      status: 409,
      body: { statusCode: 409, message: 'A re-check is already running' },
      result: 'running',
      text: 'A re-check is already running',
    },
    {
      status: 429,
      body: { statusCode: 429, message: 'Three re-checks a day at most: try again tomorrow' },
      result: 'refused',
      text: 'Three re-checks a day at most: try again tomorrow',
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
    mockFetch({ [`GET ${PORTAL}`]: { status: 404, body: { statusCode: 404, message: 'This link is no longer valid' } } });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(screen.queryByTestId('vendor-portal')).not.toBeInTheDocument();
  });

  it('shows a closed request without forms, and the note of a rejected answer', async () => {
    mockFetch({
      [`GET ${PORTAL}`]: {
        body: portalRequest({
          state: 'closed',
          checks: [{ ...portalRequest().checks[0]!, status: 'resolved', decisionNote: 'Still missing on /login' }],
        }),
      },
    });
    renderWithProviders(<VendorPortalPage token={TOKEN} />);
    expect(await screen.findByTestId('portal-closed')).toHaveTextContent('Closed');
    expect(screen.getByTestId('portal-decision-note')).toHaveTextContent('Still missing on /login');
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for a re-check' })).not.toBeInTheDocument();
  });
});
