import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  crawlHistoryQuerySchema,
  MESSAGES,
  paginationQuerySchema,
  startCrawlSchema,
  testCrawlSchema,
  type CrawlHistoryQuery,
  type StartCrawl,
  type TestCrawl,
} from '@vendorwatch/contracts';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited, NotAudited, WORKER_SEES_ROW } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlsService } from './crawls.service';

/** The workspace's crawls: every member follows them and reads results, editors start, test and cancel. */
@Controller('api/crawls')
@Requires('workspace.read')
export class CrawlsController {
  constructor(
    private readonly crawls: CrawlsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 201 with the new job, or 200 with the vendor's crawl that is already queued or running. */
  @Post()
  @Requires('crawls.run')
  @UserRateLimit('crawlStarts')
  @Audited('crawl.start', 'crawl', { targetId: 'result', fields: ['vendorId', 'method'], outsideTransaction: WORKER_SEES_ROW })
  async start(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(startCrawlSchema)) body: StartCrawl,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { job, created } = await this.crawls.start(workspace.workspaceId, workspace.userId, body);
    void reply.status(created ? 201 : 200);
    return job;
  }

  @Post('test')
  @HttpCode(200)
  @Requires('crawls.run')
  @UserRateLimit('expensive')
  @NotAudited('a test crawl fetches one URL and stores nothing')
  test(@Workspace() workspace: WorkspaceContext, @Body(validate(testCrawlSchema)) body: TestCrawl) {
    return this.crawls.test(workspace.workspaceId, workspace.userId, body);
  }

  @Get('status')
  active(@Workspace() workspace: WorkspaceContext) {
    return this.crawls.active(workspace.workspaceId);
  }

  @Get()
  history(@Workspace() workspace: WorkspaceContext, @Query(validate(crawlHistoryQuerySchema)) query: CrawlHistoryQuery) {
    return this.crawls.history(workspace.workspaceId, query);
  }

  @Get(':id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.crawls.get(workspace.workspaceId, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Requires('crawls.run')
  @Audited('crawl.cancel', 'crawl', { outsideTransaction: WORKER_SEES_ROW })
  cancel(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.crawls.cancel(workspace.workspaceId, id);
  }

  @Get(':id/results')
  results(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.crawls.results(workspace.workspaceId, id, query.page, query.limit);
  }

  @Get(':id/pages/:pageId/screenshot')
  async screenshot(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Param('pageId', ParseIdPipe) pageId: string,
    @Res() reply: FastifyReply,
  ) {
    const relative = await this.crawls.screenshotPath(workspace.workspaceId, id, pageId);
    const file = path.resolve(this.config.DATA_DIR, relative);
    // The stored path is relative to DATA_DIR; never follow one that leads out of it.
    if (!file.startsWith(path.resolve(this.config.DATA_DIR) + path.sep))
      return reply.status(404).send({ statusCode: 404, message: MESSAGES.crawls.screenshotNotFound });
    return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(createReadStream(file));
  }
}
