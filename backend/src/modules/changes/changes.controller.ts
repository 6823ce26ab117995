import { Controller, Get, Param, Query } from '@nestjs/common';
import { crawlChangesQuerySchema, paginationQuerySchema, type CrawlChangesQuery } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ChangesService } from './changes.service';

@Controller('api/crawls')
export class CrawlChangesController {
  constructor(private readonly changes: ChangesService) {}

  @Get(':id/changes')
  forCrawl(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(crawlChangesQuerySchema)) query: CrawlChangesQuery,
  ) {
    return this.changes.forCrawl(user.id, id, query);
  }

  /** A diff costs a thread up to its time bound: limited per user like the other costly reads. */
  @Get(':id/changes/pages/:pageChangeId')
  @UserRateLimit('diffReads')
  pageDiff(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Param('pageChangeId', ParseIdPipe) pageChangeId: string,
  ) {
    return this.changes.pageDiff(user.id, id, pageChangeId);
  }
}

@Controller('api/vendors')
export class VendorTimelineController {
  constructor(private readonly changes: ChangesService) {}

  @Get(':id/timeline')
  timeline(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.changes.timeline(user.id, id, query.page, query.limit);
  }
}
