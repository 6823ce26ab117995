import { Controller, Get, Header } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { Requires } from '../access/requires.decorator';
import { AccountSessionsService } from './account-sessions.service';

/** A person's own sign-in sessions: in no workspace, never for an API key. */
@Controller('api/account/sessions')
@Requires('account')
export class AccountSessionsController {
  constructor(private readonly sessions: AccountSessionsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(@CurrentUser() user: AuthUser) {
    return this.sessions.list(user);
  }
}
