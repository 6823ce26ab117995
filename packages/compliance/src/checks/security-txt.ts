import type { CheckEvidence } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check, fail, notEvaluated, onSite, pass, warn } from '../check';
import { parseSecurityTxt } from '../parsing/security-txt';
import { count } from '../text';

const DAY_MS = 86_400_000;
/** RFC 9116 recommends an Expires less than a year ahead, so stale contacts age out. */
export const SECURITY_TXT_MAX_DAYS = 365;

export const securityTxt: Check = {
  id: 'security-txt',
  version: 1,
  group: 'privacy_legal',
  severity: 'low',
  title: 'security.txt published and current (RFC 9116)',
  whyItMatters:
    'A security.txt tells researchers who found a vulnerability whom to tell; without it reports get lost or go public instead.',
  howToFix:
    'Serve /.well-known/security.txt as text/plain with at least a Contact: line and an Expires: date less than a year ahead, and renew it before it expires.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const file = crawl.site.securityTxt;
    if (!file) return notEvaluated('/.well-known/security.txt was not requested during this crawl');
    const status = file.error ?? `HTTP ${file.statusCode}`;
    if (file.statusCode === null || file.statusCode < 200 || file.statusCode >= 300 || file.body === null)
      return fail(`No security.txt at ${file.url} (${status})`, [onSite(file.url, status)]);
    const fields = parseSecurityTxt(file.body);
    const contacts = fields.get('contact') ?? [];
    const expires = fields.get('expires') ?? [];
    const evidence: CheckEvidence[] = [
      onSite(file.url, `Content-Type: ${file.contentType ?? 'absent'}`),
      ...contacts.map((contact) => onSite(file.url, `Contact: ${contact}`)),
      ...expires.map((value) => onSite(file.url, `Expires: ${value}`)),
    ];
    if (contacts.length === 0 && expires.length === 0)
      return fail(`${file.url} answers, but not with a security.txt (no Contact or Expires field)`, evidence);
    if (contacts.length === 0) return fail('security.txt has no Contact field', evidence);
    if (expires.length !== 1) return fail(`security.txt must have exactly one Expires field; it has ${expires.length}`, evidence);
    const expiry = Date.parse(expires[0]);
    if (Number.isNaN(expiry)) return fail(`security.txt Expires is not a date: ${expires[0]}`, evidence);
    const days = Math.floor((expiry - Date.parse(file.checkedAt)) / DAY_MS);
    if (expiry <= Date.parse(file.checkedAt)) return fail(`security.txt expired on ${expires[0]}`, evidence);
    if (days > SECURITY_TXT_MAX_DAYS)
      return warn(`security.txt expires ${days} days ahead, more than the year RFC 9116 recommends`, evidence);
    if (!/^text\/plain\b/i.test(file.contentType ?? ''))
      return warn(`security.txt is served as ${file.contentType ?? 'no content type'}, not text/plain`, evidence);
    return pass(`security.txt names ${count(contacts.length, 'contact')} and expires in ${days} days`, evidence);
  },
};
