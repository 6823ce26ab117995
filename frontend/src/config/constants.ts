export const APP_NAME = 'Vendorwatch';

/** A started crawl job is polled this often until it ends (as the dashboard and crawler results are). */
export const CRAWL_JOB_POLL_MS = 5000;

/**
 * How long after a crawl completed its assessment is still waited for: it is made moments after the
 * crawl ends (longer on a busy worker), and a screen that stopped asking at the end would miss it.
 */
export const ASSESSMENT_WAIT_MS = 2 * 60_000;
