import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { remediationNotEmailedMessage, remediationSentMessage } from '../api/create-remediation-request';
import { RequestFixButton, type FixableCheck } from './request-fix-button';
import { earliestDueDate } from './due-date';

const POST = `/api/vendors/${VENDOR_ID}/remediation-requests`;
const checks: FixableCheck[] = [
  { checkId: 'headers.hsts', title: 'HSTS present', outcome: 'fail' },
  { checkId: 'headers.csp', title: 'Content-Security-Policy present', outcome: 'warn' },
  { checkId: 'tls.valid', title: 'Certificate valid', outcome: 'pass' },
];
const created = (body: { checkIds: string[]; contactEmail: string; dueAt: string }, extra = {}) => ({
  status: 201,
  body: { id: 'req-1', vendorId: VENDOR_ID, state: 'sent', overdue: false, ...body, ...extra },
});

describe('Request a fix', () => {
  it('offers the failing and warning checks, suggests the contacts, and names who was emailed', async () => {
    const { requests } = mockFetch({ [`POST ${POST}`]: ({ body }) => created(body as never, { emailed: true }) });
    const { user } = renderWithProviders(
      <RequestFixButton
        vendorId={VENDOR_ID}
        vendorName="Globex"
        checks={checks}
        contacts={[{ name: 'Sec', email: 'sec@globex.example' }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Request a fix' }));
    const dialog = await screen.findByRole('dialog');
    const offered = within(dialog).getAllByTestId('request-fix-check');
    expect(offered).toHaveLength(2);
    expect(within(dialog).queryByText('Certificate valid')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Contact email/ })).toHaveValue('sec@globex.example');

    // Nothing picked, no date: the form says what is missing.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Pick at least one check to fix')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick a due date')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: /HSTS present/ }));
    const due = within(dialog).getByLabelText(/Due date/);
    expect(due).toHaveAttribute('min', earliestDueDate());
    await user.type(due, '2030-03-15');
    await user.type(within(dialog).getByLabelText('Message'), 'Before our audit, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText(remediationSentMessage('sec@globex.example'))).toBeInTheDocument();
    const sent = requests().find(({ method }) => method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      checkIds: ['headers.hsts'],
      contactEmail: 'sec@globex.example',
      message: 'Before our audit, please.',
    });
    expect(new Date(sent.dueAt as string).getFullYear()).toBe(2030);
  });

  it('refuses a due date that is not in the future', async () => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<RequestFixButton vendorId={VENDOR_ID} vendorName="Globex" checks={checks} />);
    await user.click(screen.getByRole('button', { name: 'Request a fix' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /HSTS present/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /Contact email/ }), 'sec@globex.example');
    await user.type(within(dialog).getByLabelText(/Due date/), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('The due date must be in the future')).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('says plainly that no email went when no email server is configured, and gives the link once', async () => {
    const link = 'https://vw.example/vendor-portal/tok';
    mockFetch({ [`POST ${POST}`]: ({ body }) => created(body as never, { emailed: false, link }) });
    const { user } = renderWithProviders(<RequestFixButton vendorId={VENDOR_ID} vendorName="Globex" checks={checks} />);
    await user.click(screen.getByRole('button', { name: 'Request a fix' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Content-Security-Policy/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /Contact email/ }), 'it@globex.example');
    await user.type(within(dialog).getByLabelText(/Due date/), '2030-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const unsent = await screen.findByTestId('request-fix-unsent');
    expect(unsent).toHaveTextContent(remediationNotEmailedMessage('it@globex.example'));
    expect(within(unsent).getByLabelText(/Vendor link/)).toHaveValue(link);
    expect(screen.queryByText(remediationSentMessage('it@globex.example'))).not.toBeInTheDocument();
  });

  it('says when the latest assessment has nothing to fix', async () => {
    mockFetch({});
    const { user } = renderWithProviders(
      <RequestFixButton vendorId={VENDOR_ID} vendorName="Globex" checks={[{ checkId: 'a', title: 'A', outcome: 'pass' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Request a fix' }));
    expect(await screen.findByTestId('request-fix-nothing')).toBeInTheDocument();
  });
});
