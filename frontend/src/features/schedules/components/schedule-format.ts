import type { ScheduleKind } from '@vendorwatch/contracts';

export const SCHEDULE_KIND_OPTIONS: Array<{ value: ScheduleKind; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: 'hourly', label: 'Hourly' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'cron', label: 'Cron expression' },
  { value: 'interval', label: 'Interval' },
];

export const WEEKDAY_OPTIONS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, day) => ({ value: String(day), label }),
);

/** The zone this browser runs in: the default for a schedule not saved yet. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone this browser knows (UTC first: some engines leave it out of the list). */
export const timeZoneOptions = (): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
};

/** A run's time in the schedule's own zone, with the zone named so nobody reads it as local. */
export const formatInZone = (iso: string, timeZone: string) =>
  `${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))} (${timeZone})`;
