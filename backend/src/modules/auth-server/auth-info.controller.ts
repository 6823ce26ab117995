import { Controller, Get, Header, UseFilters, UseGuards } from '@nestjs/common';
import { Public } from '../../common/auth-user';
import { AuthInfoService } from './auth-info.service';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { GoTrueExceptionFilter } from './gotrue-exception.filter';

@Public()
@Controller('auth/v1')
@UseGuards(EmbeddedAuthGuard)
@UseFilters(GoTrueExceptionFilter)
export class AuthInfoController {
  constructor(private readonly info: AuthInfoService) {}

  @Get('settings')
  settings() {
    return this.info.settings();
  }

  @Get('health')
  health() {
    return this.info.health();
  }

  @Get('.well-known/jwks.json')
  @Header('Cache-Control', 'public, max-age=600')
  jwks() {
    return this.info.jwks();
  }
}
