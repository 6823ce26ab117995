import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { serverVersionDisclosure } from './server-version-disclosure';

const withHeaders = (headers: Record<string, string>) =>
  runCheck(serverVersionDisclosure, crawlOf({ pages: [pageOf({ headers })] }));

describe('server-version-disclosure', () => {
  it('passes product names without versions', () => {
    const result = withHeaders({ server: 'nginx', 'x-powered-by': 'Express' });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('server: nginx; x-powered-by: Express (no version)');
    expect(withHeaders({ server: 'cloudflare' }).outcome).toBe('pass');
  });

  it.each<Record<string, string>>([
    { server: 'Apache/2.4.41 (Ubuntu)' },
    { server: 'nginx/1.25.3' },
    { server: 'Microsoft-IIS/10.0' },
    { 'x-powered-by': 'PHP/8.1.2' },
    { 'x-aspnet-version': '4.0.30319' },
    { 'x-generator': 'WordPress 6.4.2' },
  ])('fails %j', (headers) => {
    const result = withHeaders(headers);
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe(Object.entries(headers).map(([k, v]) => `${k}: ${v}`)[0]);
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(serverVersionDisclosure, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
