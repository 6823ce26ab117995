import { certificateRefusal } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check, fail, notEvaluated, onSite, pass, warn } from '../check';

export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export const tlsCertificate: Check = {
  id: 'tls-certificate',
  version: 1,
  group: 'transport',
  severity: 'critical',
  title: `TLS certificate valid and not expiring within ${CERTIFICATE_WARNING_DAYS} days`,
  whyItMatters:
    'Browsers refuse a site whose certificate is expired, untrusted or for another name; an expiry in the coming weeks is an outage waiting to happen.',
  howToFix:
    'Use a certificate from a public CA that covers the host name, and renew it automatically (for example with ACME) well before it expires.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const tls = crawl.site.tls;
    if (!tls) return notEvaluated('No TLS connection was made to the start host');
    const checkedAt = Date.parse(tls.checkedAt);
    const validTo = Date.parse(tls.validTo);
    const daysLeft = Math.floor((validTo - checkedAt) / DAY_MS);
    const evidence = [
      onSite(
        `https://${tls.host}/`,
        `Subject ${tls.subject}; issuer ${tls.issuer}; valid ${tls.validFrom} to ${tls.validTo}; ${tls.protocol ?? 'protocol unknown'}` +
          `${tls.authorizationError ? `; ${tls.authorizationError}` : ''}`,
      ),
    ];
    if (validTo <= checkedAt) return fail(`The certificate for ${tls.host} expired on ${tls.validTo}`, evidence);
    if (Date.parse(tls.validFrom) > checkedAt)
      return fail(`The certificate for ${tls.host} is not valid before ${tls.validFrom}`, evidence);
    if (!tls.authorized) {
      const code = tls.authorizationError ?? 'chain not accepted';
      // Browsers refuse it as the crawl did: said in plain words, with the TLS library's code behind it.
      return fail(
        `Browsers refuse the certificate for ${tls.host}: ${certificateRefusal(code) ?? 'it could not be verified'} (${code})`,
        evidence,
      );
    }
    if (daysLeft < CERTIFICATE_WARNING_DAYS)
      return warn(
        `The certificate for ${tls.host} expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${tls.validTo})`,
        evidence,
      );
    return pass(`Valid certificate for ${tls.host} until ${tls.validTo} (${daysLeft} days after the crawl)`, evidence);
  },
};
