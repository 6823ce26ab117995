import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG } from '@vendorwatch/runtime';
import { ApiAuthModule } from '../api-auth/api-auth.module';
import { AccessTokensService } from './access-tokens.service';
import { AccountsService } from './accounts.service';
import { AuthInfoController } from './auth-info.controller';
import { AuthInfoService } from './auth-info.service';
import { AuthMailer } from './auth-mailer';
import { authThrottlerOptions } from './auth-rate-limit';
import { AuthController } from './auth.controller';
import { EmailLinksService } from './email-links.service';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { FactorLockout } from './factor-lockout.service';
import { FactorsController } from './factors.controller';
import { FactorsService } from './factors.service';
import { GoTrueAuthGuard } from './gotrue-auth.guard';
import { OAuthController } from './oauth.controller';
import { OidcAccounts } from './oidc/oidc-accounts';
import { OidcClient } from './oidc/oidc-client';
import { OidcSignInService } from './oidc/oidc-sign-in.service';
import { PasswordHasher } from './password-hasher';
import { ReauthenticationService } from './reauthentication.service';
import { RedirectPolicy } from './redirect-policy';
import { SessionsService } from './sessions.service';
import { SigningKeysService } from './signing-keys.service';
import { UserViewService } from './user-view.service';

/**
 * The embedded, Supabase-Auth-compatible auth server (/auth/v1): accounts, sessions, emailed
 * links, TOTP factors, sign-in through the company's OpenID Connect provider and the signing keys. Switched off (404) when SUPABASE_URL points at a
 * hosted project. The /api token check is ApiAuthModule's, which this module also uses for its
 * own signed-in routes.
 */
@Module({
  imports: [ApiAuthModule, ThrottlerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: authThrottlerOptions })],
  controllers: [AuthController, OAuthController, FactorsController, AuthInfoController],
  providers: [
    SigningKeysService,
    AccessTokensService,
    PasswordHasher,
    AuthMailer,
    RedirectPolicy,
    EmailLinksService,
    ReauthenticationService,
    UserViewService,
    SessionsService,
    AccountsService,
    FactorsService,
    FactorLockout,
    AuthInfoService,
    EmbeddedAuthGuard,
    GoTrueAuthGuard,
    OidcClient,
    OidcAccounts,
    OidcSignInService,
  ],
  exports: [SessionsService, AuthMailer, OidcClient],
})
export class AuthServerModule {}
