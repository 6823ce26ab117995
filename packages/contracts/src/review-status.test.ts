import { countReviewStatuses, formatReviewDate, reviewStatusOf, type ReviewStatusInput } from './review-status';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

const input = (extra: Partial<ReviewStatusInput> = {}): ReviewStatusInput => ({
  reviewIntervalDays: 180,
  lastReview: { reviewedAt: daysFromNow(-10), grade: 'B' },
  currentGrade: 'B',
  certificates: [],
  ...extra,
});

describe('reviewStatusOf', () => {
  it('is not reviewed before the first review', () => {
    expect(reviewStatusOf(input({ lastReview: null }), NOW)).toEqual({
      status: 'not_reviewed',
      reason: 'The vendor has not been reviewed yet',
      lastReviewedAt: null,
      nextReviewAt: null,
    });
  });

  it('is up to date with the next review the interval after the last', () => {
    expect(reviewStatusOf(input(), NOW)).toEqual({
      status: 'up_to_date',
      reason: 'Reviewed on 5 Jun 2026; the next review is due on 2 Dec 2026',
      lastReviewedAt: daysFromNow(-10),
      nextReviewAt: daysFromNow(170),
    });
  });

  it.each([
    [-149, 'up_to_date'],
    [-150, 'due_soon'],
    [-180, 'due_soon'],
    [-181, 'overdue'],
  ] as const)('reviewed %i days ago on a 180-day interval: %s', (days, status) => {
    expect(reviewStatusOf(input({ lastReview: { reviewedAt: daysFromNow(days), grade: 'B' } }), NOW).status).toBe(status);
  });

  it('words due soon and overdue with the date', () => {
    expect(reviewStatusOf(input({ lastReview: { reviewedAt: daysFromNow(-170), grade: 'B' } }), NOW).reason).toBe(
      'The next review is due on 25 Jun 2026',
    );
    expect(reviewStatusOf(input({ lastReview: { reviewedAt: daysFromNow(-200), grade: 'B' } }), NOW).reason).toBe(
      'The review was due on 26 May 2026',
    );
  });

  it('has no next review without an interval (no tier, or a tier without scheduled reviews)', () => {
    const state = reviewStatusOf(
      input({ reviewIntervalDays: null, lastReview: { reviewedAt: daysFromNow(-5000), grade: 'B' } }),
      NOW,
    );
    expect(state).toMatchObject({ status: 'up_to_date', nextReviewAt: null });
    expect(state.reason).toBe('Reviewed on 6 Oct 2012; its tier has no scheduled review');
  });

  it('is due now when the grade fell a letter or more, not when it held or rose', () => {
    expect(reviewStatusOf(input({ currentGrade: 'C' }), NOW)).toMatchObject({
      status: 'due_now',
      reason: 'The overall grade fell from B to C since the last review',
    });
    expect(reviewStatusOf(input({ currentGrade: 'F' }), NOW).reason).toBe(
      'The overall grade fell from B to F since the last review',
    );
    expect(reviewStatusOf(input({ currentGrade: 'A' }), NOW).status).toBe('up_to_date');
    // No grade now, or none recorded with the review: nothing to compare.
    expect(reviewStatusOf(input({ currentGrade: null }), NOW).status).toBe('up_to_date');
    expect(
      reviewStatusOf(input({ lastReview: { reviewedAt: daysFromNow(-10), grade: null }, currentGrade: 'F' }), NOW).status,
    ).toBe('up_to_date');
  });

  it('is due now when a certificate expires within 14 days (or has expired), naming the soonest', () => {
    const certificates = [
      { host: 'late.example', validTo: daysFromNow(15) },
      { host: 'soon.example', validTo: daysFromNow(14) },
      { host: 'sooner.example', validTo: daysFromNow(3) },
    ];
    expect(reviewStatusOf(input({ certificates }), NOW)).toMatchObject({
      status: 'due_now',
      reason: 'The certificate of sooner.example expires on 18 Jun 2026',
    });
    expect(reviewStatusOf(input({ certificates: [{ host: 'late.example', validTo: daysFromNow(15) }] }), NOW).status).toBe(
      'up_to_date',
    );
    expect(reviewStatusOf(input({ certificates: [{ host: 'gone.example', validTo: daysFromNow(-2) }] }), NOW).reason).toBe(
      'The certificate of gone.example expired on 13 Jun 2026',
    );
    // Even before the first review.
    expect(reviewStatusOf(input({ lastReview: null, certificates }), NOW).status).toBe('due_now');
  });

  it('puts an overdue review before a grade drop', () => {
    expect(
      reviewStatusOf(input({ lastReview: { reviewedAt: daysFromNow(-200), grade: 'A' }, currentGrade: 'D' }), NOW).status,
    ).toBe('overdue');
  });
});

describe('countReviewStatuses', () => {
  it('counts every status, zero when none', () => {
    expect(countReviewStatuses([{ status: 'overdue' }, { status: 'overdue' }, { status: 'due_now' }])).toEqual({
      not_reviewed: 0,
      up_to_date: 0,
      due_soon: 0,
      overdue: 2,
      due_now: 1,
    });
  });
});

describe('formatReviewDate', () => {
  it('reads the day in UTC', () => {
    expect(formatReviewDate('2026-12-12T23:30:00Z')).toBe('12 Dec 2026');
    expect(formatReviewDate('2026-12-12T23:30:00-05:00')).toBe('13 Dec 2026');
  });
});
