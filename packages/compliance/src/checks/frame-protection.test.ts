import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { frameProtection } from './frame-protection';

const withHeaders = (headers: Record<string, string>) => runCheck(frameProtection, crawlOf({ pages: [pageOf({ headers })] }));

describe('frame-protection', () => {
  it('passes X-Frame-Options DENY or SAMEORIGIN', () => {
    expect(withHeaders({ 'x-frame-options': 'DENY' }).outcome).toBe('pass');
    expect(withHeaders({ 'x-frame-options': 'sameorigin' }).evidence[0].detail).toBe('X-Frame-Options: sameorigin');
  });

  it('passes CSP frame-ancestors in place of X-Frame-Options', () => {
    const result = withHeaders({ 'content-security-policy': "frame-ancestors 'none'" });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe("CSP frame-ancestors 'none'");
  });

  it('fails when neither restricts framing, or frame-ancestors allows any site', () => {
    expect(withHeaders({}).outcome).toBe('fail');
    const broad = withHeaders({ 'content-security-policy': 'frame-ancestors *' });
    expect(broad.outcome).toBe('fail');
    expect(broad.evidence[0].detail).toBe('X-Frame-Options: absent; CSP frame-ancestors * allows any site');
    expect(withHeaders({ 'x-frame-options': 'yes please' }).outcome).toBe('fail');
  });

  it('passes ALLOW-FROM as the Observatory does, saying current browsers ignore it', () => {
    const result = withHeaders({ 'x-frame-options': 'ALLOW-FROM https://partner.test/' });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe(
      'X-Frame-Options: ALLOW-FROM https://partner.test/ (current browsers ignore ALLOW-FROM: add CSP frame-ancestors)',
    );
  });

  it('ignores frame-ancestors in a <meta> policy, as browsers do', () => {
    const page = pageOf({
      document: { metaPolicies: { contentSecurityPolicy: ["frame-ancestors 'none'"], referrerPolicy: null } },
    });
    expect(runCheck(frameProtection, crawlOf({ pages: [page] })).outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(frameProtection, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
