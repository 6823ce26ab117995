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
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { CrawlerConfigsService } from './crawler-configs.service';

@Controller('api/crawler-configs')
export class CrawlerConfigsController {
  constructor(private readonly configs: CrawlerConfigsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query(validate(listWindowQuerySchema)) window: ListWindow) {
    return this.configs.list(user.id, window);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @Body(validate(createCrawlerConfigSchema)) body: CreateCrawlerConfig) {
    return this.configs.create(user.id, body);
  }

  @Post('test')
  @HttpCode(200)
  @UserRateLimit('expensive')
  test(@CurrentUser() user: AuthUser, @Body(validate(testCrawlerConfigSchema)) body: TestCrawlerConfig) {
    return this.configs.testConnection(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateCrawlerConfigSchema)) body: UpdateCrawlerConfig,
  ) {
    return this.configs.update(user.id, id, body);
  }

  @Post(':id/activate')
  @HttpCode(200)
  activate(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.configs.activate(user.id, id);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.configs.remove(user.id, id);
  }
}
