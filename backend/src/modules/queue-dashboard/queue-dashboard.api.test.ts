import { startTestApp, type TestApp } from '../../testing/test-app';

const TOKEN = 'operator-token-for-the-test-0123456789';
const basic = (password: string) => `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`;

/** Bull Board at /admin/queues: the operator token opens it; nothing else does. */
describe('queue dashboard', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const get = (path: string, authorization?: string) =>
    fetch(`${t.baseUrl}${path}`, { headers: authorization ? { authorization } : {} });

  it('answers 401 without the operator token, and asks the browser for it', async () => {
    const response = await get('/admin/queues');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Vendorwatch operators"/);
    expect((await get('/admin/queues', basic('wrong-token'))).status).toBe(401);
    // Its API and files are behind the same check.
    expect((await get('/admin/queues/api/queues')).status).toBe(401);
  });

  it('is not for users: a signed-in user is refused', async () => {
    const user = await t.signUp();
    expect((await get('/admin/queues', `Bearer ${user.accessToken}`)).status).toBe(401);
    expect((await get('/admin/queues/api/queues', basic(user.accessToken))).status).toBe(401);
  });

  it('shows every queue to the operator', async () => {
    const page = await get('/admin/queues', basic(TOKEN));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await get('/admin/queues/api/queues', `Bearer ${TOKEN}`);
    expect(api.status).toBe(200);
    const { queues } = (await api.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'alerts',
      'crawl',
      'maintenance',
      'programme',
      'schedules',
      'test-crawl',
    ]);
  });

  it('is not mounted without OPERATOR_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      expect((await fetch(`${plain.baseUrl}/admin/queues`, { headers: { authorization: basic(TOKEN) } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
