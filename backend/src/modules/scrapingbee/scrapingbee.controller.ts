import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { scrapeRequestSchema } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { NotAudited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ScrapingBeeService } from './scrapingbee.service';

/** The scraping proxy, with the workspace's active configuration. */
@Controller('api/scrapingbee')
export class ScrapingBeeController {
  constructor(private readonly scrapingBee: ScrapingBeeService) {}

  /** Reads the configuration's remaining credits: any member may look. */
  @Get('test')
  @Requires('workspace.read')
  @UserRateLimit('expensive')
  test(@Workspace() workspace: WorkspaceContext) {
    return this.scrapingBee.test(workspace.workspaceId);
  }

  /** Spends the workspace's scraping credits, as a crawl does: editors and above. */
  @Post('scrape')
  @Requires('crawls.run')
  @UserRateLimit('expensive')
  @HttpCode(200)
  @NotAudited('a one-off scrape returns the page and stores nothing')
  scrape(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(scrapeRequestSchema)) body: z.output<typeof scrapeRequestSchema>,
  ) {
    return this.scrapingBee.scrape(workspace.workspaceId, body.url, body.render_js);
  }
}
