import { Inject, Injectable } from '@nestjs/common';
import { OIDC_PROVIDER } from '@vendorwatch/contracts';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { Jwks } from '../api-auth/jwks-key-set';
import { SigningKeysService } from './signing-keys.service';

/** What the embedded auth says about itself: settings, health and its public keys. */
@Injectable()
export class AuthInfoService {
  constructor(
    private readonly signingKeys: SigningKeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  settings() {
    return {
      // As Supabase Auth lists its providers: `oidc` when the company's identity provider is configured.
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        [OIDC_PROVIDER]: Boolean(this.config.AUTH_OIDC_ISSUER && this.config.AUTH_OIDC_CLIENT_ID),
      },
      disable_signup: false,
      mailer_autoconfirm: this.config.AUTH_AUTOCONFIRM,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  health() {
    return { version: 'vendorwatch', name: 'GoTrue', description: 'Vendorwatch embedded auth, compatible with Supabase Auth' };
  }

  jwks(): Promise<Jwks> {
    return this.signingKeys.jwks();
  }
}
