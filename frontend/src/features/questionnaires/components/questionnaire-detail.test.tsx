import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireAnswer, QuestionnaireRequestDetail } from '@vendorwatch/contracts';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { QuestionnaireDetail } from './questionnaire-detail';

const ID = '7d1f0c1e-2b7a-4c52-9d3e-2a4b5c6d7e8f';
const PATH = `/api/questionnaires/${ID}`;

const answer = (extra: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionId: '1.2',
  section: '1 Business controls',
  text: 'Customer testing',
  type: 'yes_no',
  answer: 'yes',
  comment: null,
  prefill: null,
  contradiction: null,
  review: null,
  ...extra,
});

const detail = (answers: QuestionnaireAnswer[]): QuestionnaireRequestDetail => ({
  id: ID,
  vendorId: 'v1',
  vendorName: 'Globex',
  templateId: 'mvsp-3.0',
  templateName: 'Minimum Viable Secure Product (MVSP) v3.0',
  state: 'submitted',
  contactEmail: 'security@globex.example',
  dueAt: '2030-03-15T23:59:59.000Z',
  overdue: false,
  score: 50,
  contradictions: answers.filter((each) => each.contradiction).length,
  createdAt: '2030-03-01T10:00:00.000Z',
  submittedAt: '2030-03-05T10:00:00.000Z',
  message: null,
  assessmentId: 'a1',
  answers,
});

const contradicted = answer({
  questionId: '2.6',
  section: '2 Application design controls',
  text: 'Dependency Patching',
  prefill: { answer: 'no', evidence: [{ checkId: 'vulnerable-js-libraries', outcome: 'fail', evidence: ['jQuery 1.12.4'] }] },
  contradiction: { checkId: 'vulnerable-js-libraries', evidence: ['1 library with known vulnerabilities', 'jQuery 1.12.4'] },
});

describe('a questionnaire as the analyst reviews it', () => {
  it('flags a contradicted answer with its evidence, shows the score beside it, and accepts an answer', async () => {
    // The server's answer as it stands: the review recorded by the POST is in every later read.
    let current = detail([answer({}), contradicted]);
    const { requests } = mockFetch({
      [`GET ${PATH}`]: () => ({ body: current }),
      [`POST ${PATH}/answers/1.2/review`]: () => {
        current = detail([
          answer({ review: { decision: 'accept', note: null, reviewedAt: '2030-03-06T10:00:00.000Z' } }),
          contradicted,
        ]);
        return { body: current };
      },
    });
    const { user } = renderWithProviders(<QuestionnaireDetail id={ID} />);

    expect(await screen.findByTestId('questionnaire-score')).toHaveTextContent('Questionnaire 50 %');
    expect(screen.getByTestId('questionnaire-contradictions')).toHaveTextContent('1 contradiction');
    const cards = screen.getAllByTestId('questionnaire-answer');
    const flagged = cards.find((card) => card.dataset.questionId === '2.6')!;
    expect(flagged.dataset.contradicted).toBe('true');
    expect(within(flagged).getByTestId('answer-contradiction')).toHaveTextContent('jQuery 1.12.4');

    const first = cards.find((card) => card.dataset.questionId === '1.2')!;
    await user.click(within(first).getByTestId('answer-accept'));
    expect(await screen.findByTestId('answer-review', {}, { timeout: 10_000 })).toHaveTextContent('Accepted');
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({ decision: 'accept' });
  }, 30_000);

  it('lets a viewer read the answers and their reviews, without Accept or Follow up', async () => {
    mockFetch({
      [`GET ${PATH}`]: {
        body: detail([
          answer({ review: { decision: 'follow_up', note: 'Which tester?', reviewedAt: '2030-03-06T10:00:00.000Z' } }),
        ]),
      },
    });
    renderWithProviders(<QuestionnaireDetail id={ID} />, { workspace: { role: 'viewer', personal: false } });
    expect(await screen.findByTestId('answer-review')).toHaveTextContent('Follow-up asked: Which tester?');
    expect(screen.queryByTestId('answer-accept')).toBeNull();
  });
});
