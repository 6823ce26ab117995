import { VENDOR_REPORT_STATE_LABELS, type VendorCompliance } from '@vendorwatch/contracts';
import type { ReportExportData } from './report-export';

/** A failed crawl's reason as the exports write it: the plain words, then the stored message. */
export const failureText = (failure: NonNullable<VendorCompliance['lastCrawl']>['failure']) =>
  failure ? (failure.detail ? `${failure.summary} (${failure.detail})` : failure.summary) : '';

/**
 * What the CSV and the workbook say about a vendor's state: its label, and for its latest crawl when
 * that is not the assessed one, the status, the reason a failed one gives and its address in the app.
 */
export function vendorStateCells(vendor: VendorCompliance, links: ReportExportData['links']) {
  const crawl = vendor.lastCrawl;
  return {
    state: VENDOR_REPORT_STATE_LABELS[vendor.state],
    lastCrawlStatus: crawl?.status ?? '',
    lastCrawlAt: crawl ? new Date(crawl.at) : null,
    crawlFailure: crawl ? failureText(crawl.failure) : '',
    crawlLink: crawl ? links.crawl(crawl.jobId) : '',
  };
}
