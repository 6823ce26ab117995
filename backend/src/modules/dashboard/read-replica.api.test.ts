import { TEST_POSTGRES_URL } from '@vendorwatch/db/testing';
import { startTcpProxy, type TcpProxy } from '../../../../test-support';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * DATABASE_READ_URL: the dashboard's and the reports' reads go to the replica, everything else to
 * the primary. The "replica" here is the same database behind a TCP proxy the test can cut, which
 * shows which connection each screen uses.
 */
describe('read replica', () => {
  let replica: TcpProxy;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    replica = await startTcpProxy(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    t = await startTestApp({}, { readReplica: (url) => replica.urlFor(url) });
    user = await t.signUp();
  });
  afterAll(async () => {
    await t?.close();
    await replica?.close();
  });

  it('serves the dashboard and reports from the replica, and the rest from the primary', async () => {
    expect((await user.api('/api/dashboard/summary')).status).toBe(200);
    const reached = replica.refused;
    replica.cut();
    expect((await user.api('/api/dashboard/summary')).status).toBe(503);
    expect((await user.api('/api/dashboard/charts')).status).toBe(503);
    expect((await user.api('/api/reports/summary')).status).toBe(503);
    expect((await user.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example' } })).status).toBe(
      201,
    );
    expect((await user.api('/api/vendors')).status).toBe(200);
    expect(replica.refused).toBeGreaterThan(reached);
    replica.restore();
    const summary = await user.api('/api/dashboard/summary');
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({ totalVendors: 1 });
  });
});
