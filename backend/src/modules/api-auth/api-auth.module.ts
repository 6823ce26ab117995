import { Module, type Provider } from '@nestjs/common';
import { AuthSigningKeysRepository } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { BearerAuthenticator, KEY_SET } from './bearer-authenticator';
import { HostedUsers } from './hosted-users';
import { fetchJwksOverHttp, JwksKeySet, type PublicJwk } from './jwks-key-set';

/** One key-set class for both modes; only where the JWKS comes from differs. */
const keySetProvider: Provider = {
  provide: KEY_SET,
  inject: [APP_CONFIG, AuthSigningKeysRepository],
  useFactory: (config: AppConfig, signingKeys: AuthSigningKeysRepository) => {
    const cacheMs = config.AUTH_JWKS_CACHE_SECONDS * 1000;
    if (config.SUPABASE_URL) {
      return new JwksKeySet(
        fetchJwksOverHttp(`${config.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1/.well-known/jwks.json`),
        cacheMs,
      );
    }
    // The embedded auth's public keys, read where it keeps them.
    return new JwksKeySet(
      async () => ({ keys: (await signingKeys.listActive()).map((row) => row.publicJwk as PublicJwk) }),
      cacheMs,
    );
  },
};

/**
 * The bearer-token check: tokens of the embedded auth or of a hosted Supabase project
 * (SUPABASE_URL), verified against that issuer's JWKS. The /api guard (AccessModule) and the
 * embedded auth server's signed-in routes both use it.
 */
@Module({
  providers: [keySetProvider, BearerAuthenticator, HostedUsers],
  exports: [BearerAuthenticator],
})
export class ApiAuthModule {}
