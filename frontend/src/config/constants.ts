export const APP_NAME = 'Vendorwatch';

/** A started crawl job is polled this often until it ends (as the dashboard and crawler results are). */
export const CRAWL_JOB_POLL_MS = 5000;
