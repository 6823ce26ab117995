import { Controller, Get, Header } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { AccountSessionsService } from './account-sessions.service';

@Controller('api/account/sessions')
export class AccountSessionsController {
  constructor(private readonly sessions: AccountSessionsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(@CurrentUser() user: AuthUser) {
    return this.sessions.list(user);
  }
}
