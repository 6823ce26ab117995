import { Module } from '@nestjs/common';
import { AuthServerModule } from '../auth-server/auth-server.module';
import { InvitationAcceptanceController, InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

/** Invitations reuse the embedded auth's mailer (the same SMTP, and the same log in development). */
@Module({
  imports: [AuthServerModule],
  controllers: [InvitationsController, InvitationAcceptanceController],
  providers: [InvitationsService],
})
export class InvitationsModule {}
