import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { scrapeRequestSchema } from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ScrapingBeeService } from './scrapingbee.service';

@Controller('api/scrapingbee')
export class ScrapingBeeController {
  constructor(private readonly scrapingBee: ScrapingBeeService) {}

  @Get('test')
  @UserRateLimit('expensive')
  test(@CurrentUser() user: AuthUser) {
    return this.scrapingBee.test(user.id);
  }

  @Post('scrape')
  @UserRateLimit('expensive')
  @HttpCode(200)
  scrape(@CurrentUser() user: AuthUser, @Body(validate(scrapeRequestSchema)) body: z.output<typeof scrapeRequestSchema>) {
    return this.scrapingBee.scrape(user.id, body.url, body.render_js);
  }
}
