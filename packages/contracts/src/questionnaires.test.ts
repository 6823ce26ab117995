import { documentStatus, questionnaireScore } from './questionnaires';

describe('a document’s status, computed on the day it is read', () => {
  it('moves from valid to expiring 30 days before its end, and to expired the day after it', () => {
    const validUntil = '2026-06-30';
    expect(documentStatus(validUntil, new Date('2026-05-30T12:00:00Z'))).toBe('valid');
    expect(documentStatus(validUntil, new Date('2026-05-31T00:00:00Z'))).toBe('expiring');
    expect(documentStatus(validUntil, new Date('2026-06-30T23:59:59Z'))).toBe('expiring');
    expect(documentStatus(validUntil, new Date('2026-07-01T00:00:00Z'))).toBe('expired');
  });
});

describe('the questionnaire score', () => {
  it('is the share of applicable yes/no answers that are yes, a contradicted yes counted as no', () => {
    expect(
      questionnaireScore([
        { type: 'yes_no', answer: 'yes', contradicted: false },
        { type: 'yes_no', answer: 'yes', contradicted: true },
        { type: 'yes_no', answer: 'no', contradicted: false },
        { type: 'yes_no', answer: 'yes', contradicted: false },
        { type: 'yes_no', answer: 'n/a', contradicted: false },
        { type: 'yes_no', answer: null, contradicted: false },
        { type: 'text', answer: 'yes', contradicted: false },
      ]),
    ).toBe(50);
    expect(questionnaireScore([{ type: 'text', answer: 'Okta', contradicted: false }])).toBeNull();
  });
});
