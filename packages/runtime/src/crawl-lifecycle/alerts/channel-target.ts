import type { AlertChannelKind } from '@vendorwatch/contracts';
import type { SecretBox } from '../../crypto';

/** How a webhook URL is shown: its origin and the last characters, never the path that works as a secret. */
export function maskWebhookUrl(url: string): string {
  const { protocol, host } = new URL(url);
  const tail = url.length > 12 ? url.slice(-4) : '';
  return `${protocol}//${host}/••••${tail}`;
}

/** The one spelling of a target: an address in lower case, a URL as the URL parser writes it. */
export const canonicalTarget = (kind: AlertChannelKind, target: string) =>
  kind === 'email' ? target.trim().toLowerCase() : new URL(target.trim()).href;

/** What a channel stores about its target: in clear only what may be shown; a webhook URL encrypted. */
export function storedTarget(secrets: SecretBox, kind: AlertChannelKind, target: string) {
  const canonical = canonicalTarget(kind, target);
  return {
    target: kind === 'email' ? canonical : maskWebhookUrl(canonical),
    targetEncrypted: kind === 'webhook' ? secrets.encrypt(canonical) : null,
    targetFingerprint: secrets.fingerprint(`${kind}:${canonical}`),
  };
}

/** Where a channel's alerts go: the email address, or the webhook URL decrypted (in clear for one stored before encryption). */
export const deliveryTarget = (
  secrets: SecretBox,
  channel: { kind: AlertChannelKind; target: string; targetEncrypted: string | null },
) => (channel.kind === 'webhook' && channel.targetEncrypted ? secrets.decrypt(channel.targetEncrypted) : channel.target);
