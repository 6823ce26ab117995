import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { crawlerSettingsSchema, type CrawlerSettings } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { CrawlerSettingsService } from './crawler-settings.service';

@Controller('api/vendors/:vendorId/crawler-settings')
export class CrawlerSettingsController {
  constructor(private readonly settings: CrawlerSettingsService) {}

  @Get()
  @Requires('workspace.read')
  get(@Workspace() workspace: WorkspaceContext, @Param('vendorId', ParseIdPipe) vendorId: string) {
    return this.settings.get(workspace.workspaceId, vendorId);
  }

  /** Every field is a crawl limit or pattern, none a secret: the audit entry records them all. */
  @Put()
  @Requires('crawlerSettings.write')
  @Audited('crawler_settings.update', 'vendor', {
    fields: [
      'maxPages',
      'crawlDelay',
      'startUrls',
      'allowedDomains',
      'excludePatterns',
      'keepQueryParams',
      'ignoreSelectors',
      'ignoreTextPatterns',
    ],
  })
  save(
    @Workspace() workspace: WorkspaceContext,
    @Param('vendorId', ParseIdPipe) vendorId: string,
    @Body(validate(crawlerSettingsSchema)) body: CrawlerSettings,
  ) {
    return this.settings.save(workspace.workspaceId, workspace.userId, vendorId, body);
  }
}
