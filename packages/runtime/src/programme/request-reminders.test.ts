import { dueReminderOf } from './request-reminders';

const DAY = 24 * 3600_000;

describe('the reminder a request is due', () => {
  const due = new Date('2027-03-20T12:00:00Z');
  const request = { dueAt: due, createdAt: new Date(due.getTime() - 30 * DAY) };
  const at = (days: number) => dueReminderOf(request, new Date(due.getTime() + days * DAY))?.name ?? null;

  it('is the latest of 7 and 1 days before and 1 and 7 days after whose moment has come', () => {
    expect(at(-8)).toBeNull();
    expect(at(-7)).toBe('before_7d');
    expect(at(-2)).toBe('before_7d');
    expect(at(-1)).toBe('before_1d');
    expect(at(0.5)).toBe('before_1d');
    expect(at(1)).toBe('after_1d');
    expect(at(7)).toBe('after_7d');
    expect(at(60)).toBe('after_7d');
  });

  it('leaves out the moments before the request was sent', () => {
    const late = { dueAt: due, createdAt: new Date(due.getTime() - 3 * DAY) };
    expect(dueReminderOf(late, new Date(due.getTime() - 2 * DAY))).toBeNull();
    expect(dueReminderOf(late, new Date(due.getTime() - DAY))?.name).toBe('before_1d');
  });
});
