import { analyseCsp, type CspFinding } from './csp';

const findingOf = (policy: string, https = true) => analyseCsp({ 'content-security-policy': policy }, https).finding;

// Cases taken from MDN HTTP Observatory's test/csp.test.js, so our reading of a policy matches theirs.
const CASES: Record<CspFinding, string[]> = {
  'not-implemented': [],
  'report-only': [],
  invalid: [
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic'",
  ],
  'unsafe-inline': [
    "script-src 'unsafe-inline'",
    'script-src data:',
    'script-src http:',
    "default-src 'UNSAFE-INLINE'",
    'script-src https:',
    "default-src 'none'; script-src *",
    "default-src *; script-src *; object-src 'none'",
    "default-src 'none'; script-src 'none'; object-src *",
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'",
    "object-src https:; script-src 'none'",
  ],
  'insecure-scheme': ['default-src http://mozilla.org', "default-src 'none'; script-src http://mozilla.org"],
  'unsafe-eval': ["default-src 'none'; script-src 'unsafe-eval'"],
  'insecure-scheme-passive': ["default-src 'none'; img-src http://mozilla.org", "default-src 'self'; img-src http:"],
  'unsafe-inline-style-only': [
    "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
    "default-src 'none'; style-src data:",
    "default-src 'none'; style-src https:",
  ],
  'default-src-none': [
    "default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
  ],
  'no-unsafe': [
    'default-src https://mozilla.org',
    "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
    "object-src 'none'; style-src 'self'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
    "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
  ],
};

describe('analyseCsp', () => {
  for (const [finding, policies] of Object.entries(CASES))
    for (const policy of policies)
      it(`reads "${policy}" as ${finding}`, () => {
        expect(findingOf(policy)).toBe(finding);
      });

  it('tells a missing policy from a report-only one', () => {
    expect(analyseCsp({}, true).finding).toBe('not-implemented');
    expect(analyseCsp({ 'content-security-policy-report-only': "default-src 'none'" }, true).finding).toBe('report-only');
  });

  it('counts http: sources as insecure only on HTTPS pages', () => {
    expect(findingOf("default-src 'none'; script-src http://mozilla.org", false)).toBe('default-src-none');
  });

  it('lets a second, stricter policy win: a script runs only if every policy allows it', () => {
    expect(findingOf("script-src 'unsafe-inline', script-src 'self'; object-src 'none'; style-src 'self'")).toBe('no-unsafe');
    expect(findingOf("script-src 'unsafe-inline', script-src * 'unsafe-inline'")).toBe('unsafe-inline');
  });

  it('combines header and <meta> policies as the Observatory does: a directive allows what every policy allows', () => {
    const findingWith = (header: string | null, ...meta: string[]) =>
      analyseCsp(header === null ? {} : { 'content-security-policy': header }, true, meta).finding;
    expect(findingWith(null, "default-src 'none';")).toBe('default-src-none');
    expect(findingWith('default-src http:', 'default-src https:')).toBe('default-src-none');
    expect(findingWith("img-src 'none'", "default-src 'none';")).toBe('default-src-none');
    expect(findingWith(null, "frame-ancestors 'none'")).toBe('not-implemented');
    expect(findingWith("default-src 'self'", "script-src 'self' 'unsafe-inline'")).toBe('no-unsafe');
    expect(findingWith(null, 'defa')).toBe('invalid');
    expect(analyseCsp({}, true, ["frame-ancestors 'none'; default-src 'self'"]).frameAncestorsProtect).toBe(false);
  });

  it('reads a header sent empty as a policy that cannot be parsed', () => {
    expect(findingOf('')).toBe('invalid');
    expect(findingOf('  ')).toBe('invalid');
  });

  it('reads frame-ancestors and upgrade-insecure-requests', () => {
    expect(analyseCsp({ 'content-security-policy': "frame-ancestors 'self'; upgrade-insecure-requests" }, true)).toMatchObject({
      frameAncestorsProtect: true,
      frameAncestors: "'self'",
      upgradeInsecureRequests: true,
    });
    expect(analyseCsp({ 'content-security-policy': 'frame-ancestors *' }, true).frameAncestorsProtect).toBe(false);
  });
});
