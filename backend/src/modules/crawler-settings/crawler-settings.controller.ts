import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { crawlerSettingsSchema, type CrawlerSettings } from '@vendorwatch/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { CrawlerSettingsService } from './crawler-settings.service';

@Controller('api/vendors/:vendorId/crawler-settings')
export class CrawlerSettingsController {
  constructor(private readonly settings: CrawlerSettingsService) {}

  @Get()
  get(@CurrentUser() user: AuthUser, @Param('vendorId', ParseIdPipe) vendorId: string) {
    return this.settings.get(user.id, vendorId);
  }

  @Put()
  save(
    @CurrentUser() user: AuthUser,
    @Param('vendorId', ParseIdPipe) vendorId: string,
    @Body(validate(crawlerSettingsSchema)) body: CrawlerSettings,
  ) {
    return this.settings.save(user.id, vendorId, body);
  }
}
