import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrCodeSvg } from 'qrcode';

/**
 * TOTP as authenticator apps and Supabase Auth use it: SHA-1, 6 digits, 30-second steps, and one
 * step of clock skew either way.
 */
const PERIOD_SECONDS = 30;
const SKEW_SECONDS = PERIOD_SECONDS;

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The URI as an SVG QR code, the form Supabase Auth answers with. */
  qrCodeSvg: string;
}

export async function newTotpEnrolment(issuer: string, accountName: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer, label: accountName, secret, algorithm: 'sha1', digits: 6, period: PERIOD_SECONDS });
  return { secret, uri, qrCodeSvg: await dataUrlSafeQrCode(uri) };
}

/**
 * supabase-js puts the SVG as it is after `data:image/svg+xml;utf-8,`, unescaped: a `#` there ends
 * the URL (the rest is its fragment) and the image is broken. qrcode writes its colours as hex, so
 * they are named instead, as Supabase Auth's own QR codes do; nothing else in its output is a `#` or a `%`.
 */
async function dataUrlSafeQrCode(uri: string): Promise<string> {
  const svg = await qrCodeSvg(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
}

/**
 * The time step the code belongs to, when it is valid now; undefined otherwise. Whether that step
 * was used already is the caller's question (the factor records the last step it accepted), so a
 * reused code can be told apart from a wrong one.
 */
export async function matchTotp(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: 6,
    period: PERIOD_SECONDS,
    epochTolerance: SKEW_SECONDS,
  });
  // The functional API's result type covers HOTP too; a TOTP match always carries its time step.
  return result.valid && 'timeStep' in result ? (result.timeStep as number) : undefined;
}
