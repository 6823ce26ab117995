import { Global, Module } from '@nestjs/common';
import { SSO_SIGN_IN_HOOK } from '../auth-server/oidc/sso-sign-in-hook';
import { SsoMemberships } from './sso-memberships';
import { WorkspaceSsoController } from './workspace-sso.controller';
import { WorkspaceSsoService } from './workspace-sso.service';

/**
 * Workspaces linked to the company's identity provider (issue 42): their settings, and the
 * membership changes each SSO sign-in brings (handed to the auth server as its sign-in hook).
 */
@Global()
@Module({
  controllers: [WorkspaceSsoController],
  providers: [WorkspaceSsoService, SsoMemberships, { provide: SSO_SIGN_IN_HOOK, useExisting: SsoMemberships }],
  exports: [SSO_SIGN_IN_HOOK],
})
export class SsoModule {}
