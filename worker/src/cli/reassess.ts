import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CrawlJobsRepository } from '@vendorwatch/db';
import { AppConfigModule, ComplianceModule, CrawlAssessor, DatabaseModule } from '@vendorwatch/runtime';

@Module({ imports: [AppConfigModule.forRoot(), DatabaseModule.forWorker(), ComplianceModule] })
class ReassessModule {}

const USAGE = 'Usage: npm run reassess -- --all | <crawl job id> [<crawl job id> ...]';
const BATCH = 100;

/**
 * `npm run reassess -- --all` judges every completed crawl again with the current checks (after an
 * upgrade changed them); `npm run reassess -- <id> …` the given crawls. Each crawl's assessment is
 * replaced (same id); the same stored pages give the same result. With the embedded database, stop
 * the app first: only one process can open it.
 */
async function main(args: string[]): Promise<void> {
  if (args.length === 0 || args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const app = await NestFactory.createApplicationContext(ReassessModule, { logger: ['error', 'warn'] });
  try {
    const assessor = app.get(CrawlAssessor);
    const jobs = app.get(CrawlJobsRepository);
    let assessed = 0;
    let skipped = 0;
    const run = async (id: string) => {
      const result = await assessor.assess(id);
      if (result) {
        assessed++;
        console.log(`${id}: ${result.assessment.rate}% ${result.assessment.label} (report ${result.id})`);
      } else {
        skipped++;
        console.log(`${id}: not a completed crawl with answered pages; skipped`);
      }
    };
    if (args.includes('--all')) {
      for (let after: string | null = null, batch: string[] = []; ; after = batch.at(-1)!) {
        batch = await jobs.completedIds(after, BATCH);
        if (batch.length === 0) break;
        for (const id of batch) await run(id);
      }
    } else {
      for (const id of args) await run(id);
    }
    console.log(`Assessed ${assessed} crawl(s), skipped ${skipped}.`);
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
