import { WORKSPACE_HEADER, type CrawlerConfig } from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace } from '../workspaces/testing/teams';

/**
 * Issue 37 row 9: a configuration's endpoint URL may carry a token (`?token=…`, a path secret), so a
 * viewer sees only its host; editors and above see it whole, as today.
 */
describe('crawler configurations: the endpoint a viewer sees', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let teamId: string;
  const endpoint = 'https://proxy.example.com/api/v1/tenant-secret-4f9a?token=s3cr3t-t0k3n';

  beforeAll(async () => {
    t = await startTestApp();
    [admin, editor, viewer] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    teamId = (await createWorkspace(admin, 'Configured')).id;
    await addMember(t, teamId, editor, 'editor');
    await addMember(t, teamId, viewer, 'viewer');
    const created = await apiCall(
      admin,
      'POST',
      '/api/crawler-configs',
      { name: 'Tokened', apiKey: 'key-1234', apiEndpoint: endpoint },
      { [WORKSPACE_HEADER]: teamId },
    );
    expect(created.status).toBe(201);
  });
  afterAll(() => t?.close());

  const listedBy = async (user: TestUser) => {
    const answer = await apiCall(user, 'GET', '/api/crawler-configs', undefined, { [WORKSPACE_HEADER]: teamId });
    expect(answer.status).toBe(200);
    return answer.body as CrawlerConfig[];
  };

  it('shows a viewer the host only, never the path or query that may hold a token', async () => {
    const [config] = await listedBy(viewer);
    expect(config).toMatchObject({ name: 'Tokened', apiEndpoint: 'proxy.example.com', apiKeyMasked: '••••1234' });
    expect(JSON.stringify(config)).not.toMatch(/s3cr3t|tenant-secret/);
  });

  it('shows editors and admins the full endpoint, as before', async () => {
    expect((await listedBy(editor))[0]?.apiEndpoint).toBe(endpoint);
    expect((await listedBy(admin))[0]?.apiEndpoint).toBe(endpoint);
  });
});
