import type { MessagePort } from 'node:worker_threads';
import { assess, gradesOf, inventoryOf, warmUpSoftwareData } from '@vendorwatch/compliance';
import type { AssessmentPageRow } from '@vendorwatch/db';
import { assessedCrawlOf } from './assessed-crawl';
import type { AssessmentTask, ThreadAssessment } from './assessment-pool';

// The data shipped in packages is parsed when the thread starts, before its first crawl arrives.
warmUpSoftwareData();

/** The pages, as the caller reads them from the database a batch at a time; null ends them. */
function receivePages(port: MessagePort): Promise<AssessmentPageRow[]> {
  const pages: AssessmentPageRow[] = [];
  return new Promise((resolve) => {
    port.on('message', (batch: AssessmentPageRow[] | null) => {
      if (batch) pages.push(...batch);
      else {
        port.close();
        resolve(pages);
      }
    });
  });
}

/**
 * An AssessmentPool thread's task: one completed crawl judged against the catalogue, with its inventory and
 * grades (none when nothing in it could be assessed). Runs on the thread, so however long a vendor's pages
 * make it, neither the API's nor the worker's event loop waits for it.
 */
export default async function assessmentTask({ job, domainPosture, pages }: AssessmentTask): Promise<ThreadAssessment> {
  const crawl = assessedCrawlOf(job, await receivePages(pages), domainPosture);
  const assessment = assess(crawl);
  if (assessment.rate === null || assessment.label === null) return { assessment, inventory: null, grades: null };
  return { assessment, inventory: inventoryOf(crawl), grades: gradesOf(assessment.checks) };
}
