import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicConfig } from '@vendorwatch/contracts';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { Public } from '../../common/auth-user';
import { authEmailDelivery } from '../auth-server/auth-mailer';

/** What the browser needs before it can sign in; one build of the frontend serves both auth modes. */
@Controller('api/public-config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  get(): PublicConfig {
    return {
      supabaseUrl: this.config.SUPABASE_URL ?? null,
      supabaseAnonKey: this.config.SUPABASE_ANON_KEY,
      authEmails: authEmailDelivery(this.config),
      oidc:
        !this.config.SUPABASE_URL && this.config.AUTH_OIDC_ISSUER && this.config.AUTH_OIDC_CLIENT_ID
          ? { name: this.config.AUTH_OIDC_NAME }
          : null,
    };
  }
}
