import type { Vendor } from '@vendorwatch/contracts';
import { seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * Re-assessing reads every stored page of a crawl and runs the whole catalogue: it counts against the
 * caller's expensive fair-use allowance, like exports and test crawls, and another user's allowance
 * is untouched.
 */
describe('POST /api/reports/:id/reassess', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ EXPENSIVE_REQUESTS_PER_WINDOW: '2' });
  });
  afterAll(() => t.close());

  const reportOf = async (user: TestUser) => {
    const vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } })
    ).json()) as Vendor;
    const { reportId } = await seedAssessment(t.database.db, {
      userId: user.id,
      vendorId: vendor.id,
      pages: [{ url: 'https://acme.example/' }],
    });
    return reportId;
  };

  it('is in the expensive bucket: the third within the window answers 429 with Retry-After', async () => {
    const [carol, dave] = [await t.signUp(), await t.signUp()];
    const [carols, daves] = [await reportOf(carol), await reportOf(dave)];
    const reassess = (user: TestUser, id: string) => user.api(`/api/reports/${id}/reassess`, { method: 'POST' });
    expect((await reassess(carol, carols)).status).toBe(201);
    expect((await reassess(carol, carols)).status).toBe(201);
    const refused = await reassess(carol, carols);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await reassess(dave, daves)).status).toBe(201);
  });
});
