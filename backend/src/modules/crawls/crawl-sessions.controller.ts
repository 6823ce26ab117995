import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { sessionResultsQuerySchema, startSessionSchema, stopSessionSchema, type StartSession } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited, WORKER_SEES_ROW } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlsService } from './crawls.service';

/** The crawler page's session crawl (the spec's start-crawler / stop-crawler edge functions), in the request's workspace. */
@Controller('api')
export class CrawlSessionsController {
  constructor(private readonly crawls: CrawlsService) {}

  @Post('edge-functions/start-crawler')
  @Requires('crawls.run')
  @UserRateLimit('crawlStarts')
  @HttpCode(200)
  @Audited('crawl.start', 'crawl', { targetId: 'result', fields: ['vendor_id', 'method'], outsideTransaction: WORKER_SEES_ROW })
  start(@Workspace() workspace: WorkspaceContext, @Body(validate(startSessionSchema)) body: StartSession) {
    return this.crawls.startSession(workspace.workspaceId, workspace.userId, body);
  }

  @Post('edge-functions/stop-crawler')
  @Requires('crawls.run')
  @HttpCode(200)
  @Audited('crawl.cancel', 'crawl', { targetId: 'result', outsideTransaction: WORKER_SEES_ROW })
  stop(@Workspace() workspace: WorkspaceContext, @Body(validate(stopSessionSchema)) crawl: z.output<typeof stopSessionSchema>) {
    return this.crawls.stopSession(workspace.workspaceId, crawl);
  }

  @Get('crawler-results')
  @Requires('workspace.read')
  results(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(sessionResultsQuerySchema)) query: z.output<typeof sessionResultsQuerySchema>,
  ) {
    return this.crawls.sessionResults(workspace.workspaceId, query.crawl, query.window);
  }
}
