import { comparableText, textHash } from '@vendorwatch/compliance';
import {
  ComplianceAssessmentsRepository,
  CrawlChangesRepository,
  crawlJobs,
  CrawlJobsRepository,
  crawlPages,
  type Database,
} from '@vendorwatch/db';
import { seedWorkspaceOf } from '@vendorwatch/db/testing';
import { CrawlComparator } from '@vendorwatch/runtime';

/**
 * Crawls of one vendor as a worker would have stored them (rows and pages with their main text),
 * compared as the worker compares them: what the changes API reads. They belong to the vendor's workspace.
 */
export function storedCrawls(db: Database, userId: string, vendorId: string, origin: string) {
  return {
    async crawl(completedAt: Date | null, status: 'completed' | 'running' = 'completed'): Promise<string> {
      const [row] = await db
        .insert(crawlJobs)
        .values({
          workspaceId: await seedWorkspaceOf(db, userId, vendorId),
          userId,
          vendorId,
          method: 'http',
          status,
          targetUrl: `${origin}/`,
          completedAt,
        })
        .returning();
      return row!.id;
    },
    page: (jobId: string, path: string, title: string, mainText: string) => ({
      jobId,
      userId,
      vendorId,
      url: `${origin}${path}`,
      statusCode: 200,
      title,
      mainText,
      mainTextHash: textHash(comparableText(mainText)),
    }),
    async addPages(pages: Omit<typeof crawlPages.$inferInsert, 'workspaceId'>[]): Promise<void> {
      const workspaceId = await seedWorkspaceOf(db, userId, vendorId);
      await db.insert(crawlPages).values(pages.map((page) => ({ ...page, workspaceId })));
    },
    async compare(...jobIds: string[]): Promise<void> {
      const comparator = new CrawlComparator(
        new CrawlJobsRepository(db),
        new CrawlChangesRepository(db),
        new ComplianceAssessmentsRepository(db),
      );
      for (const jobId of jobIds) await comparator.compare(jobId);
    },
  };
}
