import { SECURITY_HEADERS, type CrawlJob, type CrawlMethod, type CrawlPage } from '@vendorwatch/contracts';
import type { CrawlJobWithVendor, CrawlPageRow } from '@vendorwatch/db';

export const toCrawlJob = (row: CrawlJobWithVendor): CrawlJob => ({
  id: row.id,
  vendorId: row.vendorId,
  vendorName: row.vendorName,
  sessionId: row.sessionId,
  method: row.method as CrawlMethod,
  status: row.status,
  targetUrl: row.targetUrl,
  progress: row.progress,
  pagesDone: row.pagesDone,
  pagesPlanned: row.pagesPlanned,
  pagesAnswered: row.answeredPages,
  creditsUsed: row.creditsUsed,
  error: row.error,
  settings: row.settings,
  reportId: row.reportId,
  createdAt: row.createdAt.toISOString(),
  startTime: row.startedAt?.toISOString() ?? null,
  completionTime: row.completedAt?.toISOString() ?? null,
});

export const toCrawlPage = (row: CrawlPageRow): CrawlPage => ({
  id: row.id,
  jobId: row.jobId,
  url: row.url,
  finalUrl: row.finalUrl,
  statusCode: row.statusCode,
  contentType: row.contentType,
  title: row.title,
  description: row.description,
  responseTimeMs: row.responseTimeMs,
  contentHash: row.contentHash,
  linksCount: row.linksCount,
  securityHeaders: Object.fromEntries(
    SECURITY_HEADERS.flatMap((name) => (name in row.responseHeaders ? [[name, row.responseHeaders[name]!]] : [])),
  ),
  redirectChain: row.redirectChain,
  screenshotUrl: row.screenshotPath ? `/api/crawls/${row.jobId}/pages/${row.id}/screenshot` : null,
  error: row.error,
  readBy: row.document?.readBy ?? null,
  fetchedAt: row.fetchedAt.toISOString(),
});
