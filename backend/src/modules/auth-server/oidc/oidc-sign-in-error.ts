/**
 * What went wrong in a sign-in through the provider, sorted by what the person or the operator can
 * do about it (the message for each is in MESSAGES.sso). `providerCode` is the provider's own error
 * code (or the library's), for the log.
 */
export type OidcFailure =
  | 'discovery'
  | 'client'
  | 'redirect_uri'
  | 'denied'
  | 'token'
  | 'flow_expired'
  | 'email_missing'
  | 'email_unverified'
  | 'subject_mismatch'
  | 'unexpected';

export class OidcSignInError extends Error {
  constructor(
    readonly failure: OidcFailure,
    readonly providerCode: string,
    readonly detail: string,
  ) {
    super(`${failure} (${providerCode}): ${detail}`);
    this.name = 'OidcSignInError';
  }
}
