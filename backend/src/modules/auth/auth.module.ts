import { Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { AccessTokensService } from './access-tokens.service';
import { AccountsService } from './accounts.service';
import { ApiAuthGuard } from './api-auth.guard';
import { AuthInfoController } from './auth-info.controller';
import { AuthInfoService } from './auth-info.service';
import { authThrottlerOptions } from './auth-rate-limit';
import { AuthController } from './auth.controller';
import { BearerAuthenticator, KEY_SET } from './bearer-authenticator';
import { ConfirmationMailer } from './confirmation-mailer';
import { EmailConfirmationService } from './email-confirmation.service';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { EmptyJsonBodies } from './empty-json-bodies';
import { GoTrueAuthGuard } from './gotrue-auth.guard';
import { HostedUsers } from './hosted-users';
import { fetchJwksOverHttp, JwksKeySet } from './jwks-key-set';
import { PasswordHasher } from './password-hasher';
import { RedirectPolicy } from './redirect-policy';
import { SessionsService } from './sessions.service';
import { SigningKeysService } from './signing-keys.service';
import { UserViewService } from './user-view.service';

/** One key-set class for both modes; only where the JWKS comes from differs. */
const keySetProvider: Provider = {
  provide: KEY_SET,
  inject: [APP_CONFIG, SigningKeysService],
  useFactory: (config: AppConfig, signingKeys: SigningKeysService) => {
    const cacheMs = config.AUTH_JWKS_CACHE_SECONDS * 1000;
    if (config.SUPABASE_URL) {
      return new JwksKeySet(
        fetchJwksOverHttp(`${config.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1/.well-known/jwks.json`),
        cacheMs,
      );
    }
    return new JwksKeySet(() => signingKeys.jwks(), cacheMs);
  },
};

/**
 * Authentication. Serves the embedded, Supabase-Auth-compatible /auth/v1 (unless SUPABASE_URL
 * points at a hosted project) and guards every /api route with a bearer JWT (APP_GUARD).
 */
@Module({
  imports: [ThrottlerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: authThrottlerOptions })],
  controllers: [AuthController, AuthInfoController],
  providers: [
    SigningKeysService,
    keySetProvider,
    BearerAuthenticator,
    HostedUsers,
    AccessTokensService,
    PasswordHasher,
    ConfirmationMailer,
    RedirectPolicy,
    EmailConfirmationService,
    UserViewService,
    SessionsService,
    AccountsService,
    AuthInfoService,
    EmbeddedAuthGuard,
    GoTrueAuthGuard,
    EmptyJsonBodies,
    { provide: APP_GUARD, useClass: ApiAuthGuard },
  ],
})
export class AuthModule {}
