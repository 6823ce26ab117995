import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalQuestionnairePage } from '@vendorwatch/contracts';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorPortalPage } from './vendor-portal-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PORTAL = `/api/portal/${TOKEN}`;
const LIBRARY_EVIDENCE = ['1 library with known vulnerabilities', 'jQuery 1.12.4 — http://acme.example/pricing'];

const page = (answer: string | null, contradicted = false): PortalQuestionnairePage => ({
  kind: 'questionnaire',
  workspaceName: 'Acme Risk',
  vendorName: 'Globex',
  dueAt: '2030-03-15T23:59:59.000Z',
  message: 'Our annual review.',
  state: answer ? 'in_progress' : 'viewed',
  checks: [],
  documents: [],
  questionnaire: {
    name: 'Minimum Viable Secure Product (MVSP) v3.0',
    state: answer ? 'in_progress' : 'viewed',
    sections: [
      {
        title: '2 Application design controls',
        questions: [
          {
            id: '2.6',
            text: 'Dependency Patching',
            type: 'yes_no',
            answer,
            comment: null,
            prefill: {
              answer: 'no',
              evidence: [{ checkId: 'vulnerable-js-libraries', outcome: 'fail', evidence: LIBRARY_EVIDENCE }],
            },
            contradiction: contradicted ? { checkId: 'vulnerable-js-libraries', evidence: LIBRARY_EVIDENCE } : null,
            followUp: null,
          },
          {
            id: '2.7',
            text: 'Logging',
            type: 'yes_no',
            answer: null,
            comment: null,
            prefill: null,
            contradiction: null,
            followUp: null,
          },
        ],
      },
    ],
  },
});

describe('a questionnaire on the vendor page', () => {
  it('shows a pre-fill with its evidence, saves a changed answer at once and warns of the contradiction, at 390 px', async () => {
    mockPhoneScreen();
    const { requests } = mockFetch({
      [`GET ${PORTAL}`]: { body: page('no') },
      [`PUT ${PORTAL}/answers/2.6`]: { body: page('yes', true) },
    });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);

    const question = (await screen.findAllByTestId('portal-question'))[0]!;
    expect(screen.getByTestId('portal-vendor')).toHaveTextContent('Globex');
    expect(within(question).getByTestId('portal-prefill')).toHaveTextContent('jQuery 1.12.4');
    expect(within(question).queryByTestId('portal-contradiction')).toBeNull();

    await user.click(within(question).getByText('Yes'));
    const warning = await screen.findByTestId('portal-contradiction', {}, { timeout: 10_000 });
    expect(warning).toHaveTextContent('This answer contradicts what we observed');
    expect(warning).toHaveTextContent('jQuery 1.12.4');
    expect(requests().find(({ method }) => method === 'PUT')?.body).toEqual({ answer: 'yes' });
    expect(screen.getByTestId('portal-contradictions-summary')).toHaveTextContent('1 answer contradicts');
  });

  it("names the unanswered questions when a submit has gaps, in the server's words", async () => {
    mockFetch({
      [`GET ${PORTAL}`]: { body: page('no') },
      [`POST ${PORTAL}/submit`]: {
        status: 400,
        body: { statusCode: 400, message: 'Answer every question before submitting (1 unanswered): 2.7' },
      },
    });
    const { user } = renderWithProviders(<VendorPortalPage token={TOKEN} />);
    await user.click(await screen.findByTestId('portal-submit'));
    expect(await screen.findByTestId('portal-submit-error', {}, { timeout: 10_000 })).toHaveTextContent('(1 unanswered): 2.7');
  });
});
