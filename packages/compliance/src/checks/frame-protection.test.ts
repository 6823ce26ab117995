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

  it('warns on ALLOW-FROM, which browsers ignore', () => {
    expect(withHeaders({ 'x-frame-options': 'ALLOW-FROM https://partner.test/' }).outcome).toBe('warn');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(frameProtection, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
