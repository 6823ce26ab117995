import type { VendorListPage } from '@vendorwatch/contracts';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestUser } from './testing/test-app';

/**
 * Every list answer is bounded: a window of at most 1000 rows, read on with offset (the vendors list:
 * `{ items, total }` in pages, read on with page).
 */
describe('list windows', () => {
  let t: TestApp;
  let user: TestUser;
  let projectId: string;
  let pageId: string;

  const names = async (path: string) =>
    ((await (await user.api(path)).json()) as { name?: string; title?: string; type?: string }[]).map(
      (item) => item.name ?? item.title ?? item.type,
    );

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
    for (const name of ['A', 'B', 'C']) {
      await user.api('/api/vendors', { method: 'POST', json: { name, url: `https://${name.toLowerCase()}.example/` } });
      await user.api('/api/crawler-configs', {
        method: 'POST',
        json: { name, apiKey: 'key-1234', apiEndpoint: 'https://api.example/v1' },
      });
    }
    projectId = ((await (await user.api('/api/projects', { method: 'POST', json: { name: 'P' } })).json()) as { id: string }).id;
    for (const [order, title] of ['A', 'B', 'C'].entries()) {
      const page = (await (
        await user.api(`/api/projects/${projectId}/pages`, { method: 'POST', json: { title, order } })
      ).json()) as { id: string };
      pageId ??= page.id;
      await user.api(`/api/pages/${pageId}/elements`, { method: 'POST', json: { type: title, order } });
    }
  });
  afterAll(() => t.close());

  it('/api/vendors: whole by default, in pages with limit and page', async () => {
    const page = async (query: string) => (await (await user.api(`/api/vendors${query}`)).json()) as VendorListPage;
    expect(await page('')).toMatchObject({ total: 3, items: ['C', 'B', 'A'].map((name) => ({ name })) });
    expect(await page('?limit=2')).toMatchObject({ total: 3, items: [{ name: 'C' }, { name: 'B' }] });
    expect(await page('?limit=2&page=2')).toMatchObject({ total: 3, items: [{ name: 'A' }] });
    expect(await page('?limit=2&page=3')).toEqual({ total: 3, items: [] });
    const tooMany = await user.api('/api/vendors?limit=1001');
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ message: 'Limit must be a whole number from 1 to 1000' });
    const pageZero = await user.api('/api/vendors?page=0');
    expect(pageZero.status).toBe(400);
    expect(await pageZero.json()).toMatchObject({ message: 'Page must be a whole number from 1 to 100000' });
  });

  it.each([
    ['/api/crawler-configs', ['C', 'B', 'A']],
    ['/api/projects/PROJECT/pages', ['A', 'B', 'C']],
    ['/api/pages/PAGE/elements', ['A', 'B', 'C']],
  ])('%s: whole by default, in windows with limit and offset', async (template, all) => {
    const path = template.replace('PROJECT', projectId).replace('PAGE', pageId);
    expect(await names(path)).toEqual(all);
    expect(await names(`${path}?limit=2`)).toEqual(all.slice(0, 2));
    expect(await names(`${path}?limit=2&offset=2`)).toEqual(all.slice(2));
  });

  it.each(['/api/projects', '/api/crawler-configs', `/api/crawler-results?session_id=${randomUUID()}`])(
    '%s: a window past the bounds is a 400',
    async (path) => {
      const join = path.includes('?') ? '&' : '?';
      const tooMany = await user.api(`${path}${join}limit=1001`);
      expect(tooMany.status).toBe(400);
      expect(await tooMany.json()).toMatchObject({ message: 'Limit must be a whole number from 1 to 1000' });
      const negative = await user.api(`${path}${join}offset=-1`);
      expect(negative.status).toBe(400);
      expect(await negative.json()).toMatchObject({ message: 'Offset must be a whole number from 0 to 1000000' });
      expect((await user.api(`${path}${join}limit=1`)).status).toBe(200);
    },
  );
});
