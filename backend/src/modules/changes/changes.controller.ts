import { Controller, Get, Param, Query } from '@nestjs/common';
import { crawlChangesQuerySchema, paginationQuerySchema, type CrawlChangesQuery } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ChangesService } from './changes.service';

@Controller('api/crawls')
@Requires('workspace.read')
export class CrawlChangesController {
  constructor(private readonly changes: ChangesService) {}

  @Get(':id/changes')
  forCrawl(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(crawlChangesQuerySchema)) query: CrawlChangesQuery,
  ) {
    return this.changes.forCrawl(workspace.workspaceId, id, query);
  }

  /** A diff costs a thread up to its time bound: limited per user like the other costly reads. */
  @Get(':id/changes/pages/:pageChangeId')
  @UserRateLimit('diffReads')
  pageDiff(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Param('pageChangeId', ParseIdPipe) pageChangeId: string,
  ) {
    return this.changes.pageDiff(workspace.workspaceId, id, pageChangeId);
  }
}

@Controller('api/vendors')
@Requires('workspace.read')
export class VendorTimelineController {
  constructor(private readonly changes: ChangesService) {}

  @Get(':id/timeline')
  timeline(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.changes.timeline(workspace.workspaceId, id, query.page, query.limit);
  }
}
