import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';
import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import { OidcSignInError } from './oidc-sign-in-error';

type Client = typeof OpenIdClient;

/** How long a discovered configuration is reused before the issuer is asked again. */
const DISCOVERY_CACHE_MS = 5 * 60_000;
/** A provider that takes longer than this to answer is reported as unreachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the provider said about the person, its ID token verified by openid-client. */
export interface ProviderIdentity {
  claims: Record<string, unknown>;
}

/** What this server keeps between sending the person to the provider and their return. */
export interface ProviderChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * This server as a relying party of the configured OpenID Connect provider, through openid-client
 * (v6, ES module: loaded on first use). Discovery from AUTH_OIDC_ISSUER; the authorization code flow
 * with PKCE, `state` and `nonce`; the ID token's signature (against the provider's JWKS), issuer,
 * audience and expiry checked by the library. Every failure becomes an OidcSignInError naming what
 * the operator should check, with the provider's own error code for the log.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger('OidcClient');
  private library?: Promise<Client>;
  private discovered?: { at: number; configuration: Promise<OpenIdClient.Configuration> };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.AUTH_OIDC_ISSUER && this.config.AUTH_OIDC_CLIENT_ID);
  }

  get providerName(): string {
    return this.config.AUTH_OIDC_NAME;
  }

  /** The address the provider sends the person back to: register it at the provider. */
  get callbackUrl(): string {
    return `${publicUrl(this.config)}/auth/v1/callback`;
  }

  /** Fresh `state`, `nonce` and PKCE verifier for one sign-in. */
  async newChecks(): Promise<ProviderChecks> {
    const client = await this.client();
    return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  }

  /** The provider's authorization URL for this sign-in. */
  async authorizationUrl(checks: ProviderChecks): Promise<string> {
    const client = await this.client();
    const configuration = await this.configuration();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return url.toString();
  }

  /**
   * Redeems the provider's code from the callback's query; the verified ID token's claims. The
   * callback URL is this server's configured one (the redirect_uri sent to the provider), never the
   * address the request happened to use.
   */
  async redeem(callbackQuery: string, checks: ProviderChecks): Promise<ProviderIdentity> {
    const client = await this.client();
    const configuration = await this.configuration();
    const callbackUrl = new URL(this.callbackUrl);
    callbackUrl.search = callbackQuery;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError('token', 'missing_id_token', 'no ID token');
      return { claims: { ...claims } };
    } catch (error) {
      throw this.explain(client, error);
    }
  }

  /** The provider's metadata, discovered once and kept a few minutes; a failure is not kept. */
  private configuration(): Promise<OpenIdClient.Configuration> {
    const cached = this.discovered;
    if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.configuration;
    const configuration = this.discover();
    this.discovered = { at: Date.now(), configuration };
    configuration.catch(() => {
      if (this.discovered?.configuration === configuration) this.discovered = undefined;
    });
    return configuration;
  }

  private async discover(): Promise<OpenIdClient.Configuration> {
    const client = await this.client();
    const issuer = new URL(this.config.AUTH_OIDC_ISSUER!);
    try {
      const configuration = await client.discovery(
        issuer,
        this.config.AUTH_OIDC_CLIENT_ID!,
        { client_secret: this.config.AUTH_OIDC_CLIENT_SECRET },
        this.config.AUTH_OIDC_CLIENT_SECRET ? client.ClientSecretPost(this.config.AUTH_OIDC_CLIENT_SECRET) : client.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Plain http only for a provider on this machine (development, tests); anywhere else https.
          execute: isLoopback(issuer) ? [client.allowInsecureRequests] : [],
        },
      );
      // The ID token's signature is checked against the provider's keys too, not only its claims.
      client.enableNonRepudiationChecks(configuration);
      return configuration;
    } catch (error) {
      const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.logger.warn(`Discovery of ${issuer.href} failed: ${cause}`);
      throw new OidcSignInError('discovery', 'discovery_failed', cause);
    }
  }

  /** Sorts what openid-client threw into what the person (and the operator) can act on. */
  private explain(client: Client, error: unknown): OidcSignInError {
    if (error instanceof OidcSignInError) return error;
    if (error instanceof client.AuthorizationResponseError) {
      // The provider sent the person back with `?error=` instead of a code.
      const kind = error.error === 'invalid_client' || error.error === 'unauthorized_client' ? 'client' : 'denied';
      return new OidcSignInError(kind, error.error, error.error_description ?? error.error);
    }
    if (error instanceof client.ResponseBodyError) {
      // The token endpoint refused: invalid_client is the secret; invalid_grant a spent or foreign code.
      const kind = error.error === 'invalid_client' || error.error === 'unauthorized_client' ? 'client' : 'token';
      const kindOfRedirect = /redirect_uri/i.test(error.error_description ?? '') ? 'redirect_uri' : kind;
      return new OidcSignInError(kindOfRedirect, error.error, error.error_description ?? error.error);
    }
    if (error instanceof client.WWWAuthenticateChallengeError) {
      // A 401 with a challenge: the provider did not accept the client's credentials.
      const challenge = error.cause[0]?.parameters;
      const code = challenge?.error ?? 'invalid_client';
      return new OidcSignInError(
        code === 'invalid_client' ? 'client' : 'token',
        code,
        challenge?.error_description ?? error.message,
      );
    }
    if (error instanceof Error) {
      const code = (error as { code?: unknown }).code;
      return new OidcSignInError('token', typeof code === 'string' ? code : error.name, error.message);
    }
    return new OidcSignInError('unexpected', 'unknown', String(error));
  }

  private client(): Promise<Client> {
    // A real dynamic import: openid-client is an ES module and this backend is CommonJS.
    this.library ??= import('openid-client');
    return this.library;
  }
}

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}
