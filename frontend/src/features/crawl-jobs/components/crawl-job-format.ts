import type { CrawlJob } from '@vendorwatch/contracts';

/** A date and time in the reader's locale, or a dash for a moment that has not come yet. */
export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** 42 s, 3 min 12 s, 1 h 5 min: the two largest units are enough to compare crawls. */
export const formatDurationMs = (ms: number) => {
  if (ms < 1000) return '< 1 s';
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  if (min > 0) return s > 0 ? `${min} min ${s} s` : `${min} min`;
  return `${s} s`;
};

/** From start to completion; a dash until both are known (queued, or still running). */
export const formatJobDuration = ({ startTime, completionTime }: Pick<CrawlJob, 'startTime' | 'completionTime'>) =>
  startTime && completionTime ? formatDurationMs(Math.max(0, Date.parse(completionTime) - Date.parse(startTime))) : '—';

export const formatPages = ({ pagesDone, pagesPlanned }: Pick<CrawlJob, 'pagesDone' | 'pagesPlanned'>) =>
  `${pagesDone} / ${pagesPlanned}`;
