import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { permissionsPolicy } from './permissions-policy';

const withHeaders = (headers: Record<string, string>) => runCheck(permissionsPolicy, crawlOf({ pages: [pageOf({ headers })] }));

describe('permissions-policy', () => {
  it('passes when the header is set', () => {
    const result = withHeaders({ 'permissions-policy': 'camera=(), geolocation=()' });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('Permissions-Policy: camera=(), geolocation=()');
  });

  it('warns when only the retired Feature-Policy is sent', () => {
    expect(withHeaders({ 'feature-policy': "camera 'none'" }).outcome).toBe('warn');
  });

  it('fails when absent or empty', () => {
    expect(withHeaders({}).outcome).toBe('fail');
    expect(withHeaders({ 'permissions-policy': ' ' }).outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(permissionsPolicy, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
