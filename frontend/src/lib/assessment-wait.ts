import { ASSESSMENT_WAIT_MS } from '@/config/constants';

/**
 * A crawl that completed less than ASSESSMENT_WAIT_MS ago: its assessment is made moments after it
 * ends, so a screen showing it keeps asking until the assessment is there (or the wait is over).
 */
export const completedMomentsAgo = ({ status, completionTime }: { status: string; completionTime: string | null }) =>
  status === 'completed' && completionTime !== null && Date.now() - Date.parse(completionTime) < ASSESSMENT_WAIT_MS;
