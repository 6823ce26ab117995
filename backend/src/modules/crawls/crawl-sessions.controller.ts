import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { sessionResultsQuerySchema, startSessionSchema, stopSessionSchema, type StartSession } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlsService } from './crawls.service';

/** The crawler page's session crawl (the spec's start-crawler / stop-crawler edge functions). */
@Controller('api')
export class CrawlSessionsController {
  constructor(private readonly crawls: CrawlsService) {}

  @Post('edge-functions/start-crawler')
  @UserRateLimit('crawlStarts')
  @HttpCode(200)
  start(@CurrentUser() user: AuthUser, @Body(validate(startSessionSchema)) body: StartSession) {
    return this.crawls.startSession(user.id, body);
  }

  @Post('edge-functions/stop-crawler')
  @HttpCode(200)
  stop(@CurrentUser() user: AuthUser, @Body(validate(stopSessionSchema)) crawl: z.output<typeof stopSessionSchema>) {
    return this.crawls.stopSession(user.id, crawl);
  }

  @Get('crawler-results')
  results(
    @CurrentUser() user: AuthUser,
    @Query(validate(sessionResultsQuerySchema)) query: z.output<typeof sessionResultsQuerySchema>,
  ) {
    return this.crawls.sessionResults(user.id, query.crawl, query.window);
  }
}
