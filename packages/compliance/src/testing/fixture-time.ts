/** When the facts were read, in every fixture: checks compare dates against it, never the clock. */
export const CHECKED_AT = '2026-06-01T00:00:00.000Z';

export const daysAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
