import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  crawlHistoryQuerySchema,
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
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlsService } from './crawls.service';

@Controller('api/crawls')
export class CrawlsController {
  constructor(
    private readonly crawls: CrawlsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 201 with the new job, or 200 with the vendor's crawl that is already queued or running. */
  @Post()
  @UserRateLimit('crawlStarts')
  async start(
    @CurrentUser() user: AuthUser,
    @Body(validate(startCrawlSchema)) body: StartCrawl,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { job, created } = await this.crawls.start(user.id, body);
    void reply.status(created ? 201 : 200);
    return job;
  }

  @Post('test')
  @HttpCode(200)
  @UserRateLimit('expensive')
  test(@CurrentUser() user: AuthUser, @Body(validate(testCrawlSchema)) body: TestCrawl) {
    return this.crawls.test(user.id, body);
  }

  @Get('status')
  active(@CurrentUser() user: AuthUser) {
    return this.crawls.active(user.id);
  }

  @Get()
  history(@CurrentUser() user: AuthUser, @Query(validate(crawlHistoryQuerySchema)) query: CrawlHistoryQuery) {
    return this.crawls.history(user.id, query);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.crawls.get(user.id, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.crawls.cancel(user.id, id);
  }

  @Get(':id/results')
  results(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.crawls.results(user.id, id, query.page, query.limit);
  }

  @Get(':id/pages/:pageId/screenshot')
  async screenshot(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Param('pageId', ParseIdPipe) pageId: string,
    @Res() reply: FastifyReply,
  ) {
    const relative = await this.crawls.screenshotPath(user.id, id, pageId);
    const file = path.resolve(this.config.DATA_DIR, relative);
    // The stored path is relative to DATA_DIR; never follow one that leads out of it.
    if (!file.startsWith(path.resolve(this.config.DATA_DIR) + path.sep))
      return reply.status(404).send({ statusCode: 404, message: 'Screenshot not found' });
    return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(createReadStream(file));
  }
}
