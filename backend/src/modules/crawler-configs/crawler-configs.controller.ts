import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createCrawlerConfigSchema,
  listWindowQuerySchema,
  testCrawlerConfigSchema,
  updateCrawlerConfigSchema,
  type CreateCrawlerConfig,
  type ListWindow,
  type TestCrawlerConfig,
  type UpdateCrawlerConfig,
} from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited, NotAudited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlerConfigsService } from './crawler-configs.service';

/**
 * The workspace's scraping-service configurations: every member reads them (keys masked), admins
 * manage them. Audit entries name the configuration, never its key or endpoint URL (the service
 * notes the endpoint's host).
 */
@Controller('api/crawler-configs')
@Requires('crawlerConfigs.write')
export class CrawlerConfigsController {
  constructor(private readonly configs: CrawlerConfigsService) {}

  @Get()
  @Requires('workspace.read')
  list(@Workspace() workspace: WorkspaceContext, @Query(validate(listWindowQuerySchema)) window: ListWindow) {
    return this.configs.list(workspace.workspaceId, workspace.role, window);
  }

  @Post()
  @Audited('crawler_config.create', 'crawler_config', { targetId: 'result', fields: ['name', 'type'] })
  create(@Workspace() workspace: WorkspaceContext, @Body(validate(createCrawlerConfigSchema)) body: CreateCrawlerConfig) {
    return this.configs.create(workspace.workspaceId, workspace.userId, body);
  }

  @Post('test')
  @HttpCode(200)
  @UserRateLimit('expensive')
  @NotAudited('a connection test asks the provider for its credits and changes nothing')
  test(@Workspace() workspace: WorkspaceContext, @Body(validate(testCrawlerConfigSchema)) body: TestCrawlerConfig) {
    return this.configs.testConnection(workspace.workspaceId, body);
  }

  @Put(':id')
  @Audited('crawler_config.update', 'crawler_config', { fields: ['name', 'type'] })
  update(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateCrawlerConfigSchema)) body: UpdateCrawlerConfig,
  ) {
    return this.configs.update(workspace.workspaceId, id, body);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Audited('crawler_config.activate', 'crawler_config')
  activate(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.configs.activate(workspace.workspaceId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @Audited('crawler_config.delete', 'crawler_config')
  remove(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.configs.remove(workspace.workspaceId, id);
  }
}
