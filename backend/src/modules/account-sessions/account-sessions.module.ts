import { Module } from '@nestjs/common';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountSessionsService } from './account-sessions.service';

@Module({ controllers: [AccountSessionsController], providers: [AccountSessionsService] })
export class AccountSessionsModule {}
