import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { fill, LIMITS, MESSAGES, OIDC_PROVIDER, SECOND_FACTOR_AMR } from '@vendorwatch/contracts';
import { AuthFlowStatesRepository } from '@vendorwatch/db';
import { AuthErrors } from '../gotrue-error';
import { digestOf, newOpaqueToken } from '../opaque-tokens';
import { RedirectPolicy } from '../redirect-policy';
import { OidcAccounts } from './oidc-accounts';
import { OidcClient } from './oidc-client';
import { OidcSignInError, type OidcFailure } from './oidc-sign-in-error';
import { SSO_SIGN_IN_HOOK, type SsoSignInHook } from './sso-sign-in-hook';

export interface AuthorizeRequest {
  provider?: string;
  redirect_to?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface CallbackRequest {
  state?: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/**
 * Sign-in with the company's OpenID Connect provider, as Supabase Auth runs an external provider
 * for supabase-js's PKCE flow: /authorize keeps the app's code challenge and this server's own
 * checks (state, nonce, PKCE verifier) in a flow record and sends the person to the provider;
 * /callback verifies the provider's answer, finds or makes the account, and sends the person back
 * to the app with a one-time code that /token?grant_type=pkce redeems with the app's verifier.
 * Whatever fails sends the person back with `error` and `error_description` saying what to check.
 */
@Injectable()
export class OidcSignInService {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    private readonly oidc: OidcClient,
    private readonly accounts: OidcAccounts,
    private readonly flows: AuthFlowStatesRepository,
    private readonly redirects: RedirectPolicy,
    @Optional() @Inject(SSO_SIGN_IN_HOOK) private readonly hook?: SsoSignInHook,
  ) {}

  /** The provider's sign-in page (or, when the provider cannot be reached, the app with the error). */
  async authorize(request: AuthorizeRequest): Promise<string> {
    if (request.provider !== OIDC_PROVIDER) throw AuthErrors.validation(MESSAGES.sso.unsupportedProvider);
    if (!this.oidc.enabled) throw AuthErrors.validation(MESSAGES.sso.notConfigured);
    if (!request.code_challenge) throw AuthErrors.validation(MESSAGES.sso.codeChallengeRequired);
    const method = (request.code_challenge_method ?? 'plain').toLowerCase();
    if (method !== 's256' && method !== 'plain') throw AuthErrors.validation(MESSAGES.sso.codeChallengeMethodInvalid);
    const redirectTo = this.redirects.resolve(request.redirect_to);
    try {
      const checks = await this.oidc.newChecks();
      const url = await this.oidc.authorizationUrl(checks);
      await this.flows.create({
        provider: OIDC_PROVIDER,
        stateDigest: digestOf(checks.state),
        nonce: checks.nonce,
        providerCodeVerifier: checks.codeVerifier,
        codeChallenge: request.code_challenge,
        codeChallengeMethod: method,
        redirectTo,
      });
      return url;
    } catch (error) {
      return this.failed(redirectTo, error);
    }
  }

  /** Back from the provider: the app's address with `?code=`, or with the error. */
  async callback(request: CallbackRequest, rawQuery: string, clientAddress: string | null): Promise<string> {
    const since = new Date(Date.now() - LIMITS.sso.flowExpirySeconds * 1000);
    const flow = request.state ? await this.flows.claimCallback(digestOf(request.state), since) : undefined;
    // An unknown state (tampered, replayed or expired) has no flow, so no address of the app's to go back to but the site.
    if (!flow)
      return this.failed(
        this.redirects.resolve(undefined),
        new OidcSignInError('flow_expired', 'invalid_state', 'no flow for this state'),
      );
    try {
      const { claims } = await this.oidc.redeem(rawQuery, {
        state: request.state!,
        nonce: flow.nonce,
        codeVerifier: flow.providerCodeVerifier,
      });
      const user = await this.accounts.userFor(claims);
      await this.hook?.afterSignIn(user, claims, clientAddress);
      const authCode = newOpaqueToken();
      await this.flows.issueAuthCode(flow.id, user.id, digestOf(authCode), assertsSecondFactor(claims.amr));
      const back = new URL(flow.redirectTo);
      back.searchParams.set('code', authCode);
      return back.toString();
    } catch (error) {
      return this.failed(flow.redirectTo, error);
    }
  }

  /** The app's address with the error in words the person (or their administrator) can act on; logged with the provider's code. */
  private failed(redirectTo: string, error: unknown): string {
    const failure = error instanceof OidcSignInError ? error : new OidcSignInError('unexpected', 'unexpected', String(error));
    const log = `SSO sign-in failed: ${failure.failure} (provider error: ${failure.providerCode}) ${failure.detail}`;
    if (failure.failure === 'unexpected') this.logger.error(log);
    else this.logger.warn(log);
    const back = new URL(redirectTo);
    back.searchParams.set('error', ERROR_CODES[failure.failure]);
    back.searchParams.set('error_code', failure.providerCode.slice(0, 100));
    back.searchParams.set('error_description', this.describe(failure));
    return back.toString();
  }

  private describe(error: OidcSignInError): string {
    const provider = this.oidc.providerName;
    const S = MESSAGES.sso;
    switch (error.failure) {
      case 'discovery':
        return fill(S.providerUnreachable, { provider });
      case 'client':
        return fill(S.clientRejected, { provider });
      case 'redirect_uri':
        return fill(S.redirectUriRejected, { provider, callback: this.oidc.callbackUrl });
      case 'denied':
        return fill(S.providerDenied, { provider, reason: error.detail.slice(0, 300) });
      case 'token':
        return fill(S.tokenRejected, { provider, reason: error.providerCode.slice(0, 100) });
      case 'flow_expired':
        return S.flowExpired;
      case 'email_missing':
        return fill(S.emailMissing, { provider });
      case 'email_unverified':
        return fill(S.emailUnverified, { provider, email: error.detail });
      case 'subject_mismatch':
        return fill(S.subjectMismatch, { provider, email: error.detail });
      default:
        return fill(S.unexpected, { provider });
    }
  }
}

/** `error` as OAuth names it: the app may branch on it; `error_description` is for people. */
const ERROR_CODES: Record<OidcFailure, string> = {
  discovery: 'server_error',
  client: 'server_error',
  redirect_uri: 'server_error',
  denied: 'access_denied',
  token: 'server_error',
  flow_expired: 'invalid_request',
  email_missing: 'access_denied',
  email_unverified: 'access_denied',
  subject_mismatch: 'access_denied',
  unexpected: 'server_error',
};

/** Whether the provider says a second factor was used (`amr` with mfa, otp, hwk or swk). */
export function assertsSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((value) => (SECOND_FACTOR_AMR as readonly unknown[]).includes(value));
}
