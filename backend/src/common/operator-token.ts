import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries `token`: as a bearer token (Prometheus, scripts) or as
 * the password of HTTP Basic authentication (a browser asks for it and resends it on every
 * request of the page, which a bearer token cannot do). Compared in constant time.
 */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const presented = presentedToken(authorization);
  if (presented === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

function presentedToken(authorization: string | undefined): string | undefined {
  const [scheme, value] = (authorization ?? '').trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (/^bearer$/i.test(scheme!)) return value;
  if (!/^basic$/i.test(scheme!)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/** Sent with a 401 so that a browser asks the operator for the token. */
export const OPERATOR_REALM = 'Basic realm="Vendorwatch operators", charset="UTF-8"';
