import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ApiAuthModule } from '../api-auth/api-auth.module';
import { AccessGuard } from './access.guard';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { DeclaredPermissionsCheck, PERMISSION_DECLARATIONS_REQUIRED, REQUIRE_DECLARED_PERMISSIONS } from './declared-permissions';

/**
 * Who may do what under /api (issue 33): the one guard (APP_GUARD) that finds the caller (an access
 * token or an API key), the workspace and the caller's role there, and checks the route's declared
 * permission; and the start-up check that every route declares one (REQUIRE_DECLARED_PERMISSIONS).
 */
@Module({
  imports: [ApiAuthModule, DiscoveryModule],
  providers: [
    ApiKeyAuthenticator,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: PERMISSION_DECLARATIONS_REQUIRED, useValue: REQUIRE_DECLARED_PERMISSIONS },
    DeclaredPermissionsCheck,
  ],
})
export class AccessModule {}
