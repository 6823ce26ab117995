/** `YYYY-MM-DD` of a day in local time, as `<input type="date">` reads and writes it. */
export const toDateInputValue = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The first day a request may be due: tomorrow (a due date is in the future). */
export const earliestDueDate = (now = new Date()): string =>
  toDateInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));

/** A date picked as `YYYY-MM-DD`, due at the end of that day where the analyst is. */
export const dueAtFromDateInput = (value: string): string => new Date(`${value}T23:59:59`).toISOString();

/** The date of a due time as people read it, e.g. "12 Dec 2026". */
export const formatDueDate = (dueAt: string): string =>
  new Date(dueAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
