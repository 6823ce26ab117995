import { MESSAGES } from '@vendorwatch/contracts';
import { JwksEmptyError, NoMatchingKeyError } from './jwks-key-set';

/** passport-jwt's failure when the request has no bearer token (or a blank one). */
export const isMissingToken = (failure: unknown): boolean => failure instanceof Error && failure.message === 'No auth token';

/** The 401 message of the API for a refused token: the few causes the spec names, else a generic one. */
export function apiAuthFailureMessage(failure: unknown): string {
  if (isMissingToken(failure)) return MESSAGES.auth.tokenRequired;
  if (failure instanceof JwksEmptyError) return MESSAGES.auth.jwksEmpty;
  if (failure instanceof NoMatchingKeyError) return MESSAGES.auth.noMatchingKey;
  if (failure instanceof Error && failure.name === 'JsonWebTokenError' && failure.message === 'invalid signature') {
    return MESSAGES.auth.invalidSignature;
  }
  return MESSAGES.auth.authenticationRequired;
}
