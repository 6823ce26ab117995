import { WORKSPACE_HEADER, WORKSPACE_ROLES, type WorkspaceRole } from '@vendorwatch/contracts';
import { seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace, type SharedWorkspace } from '../workspaces/testing/shared-workspace';
import { addMember, expectRefused, roleTooLow } from '../workspaces/testing/teams';

/** One request of a route family, made in the team; `ok` is the status of a caller the role allows. */
interface Family {
  name: string;
  least: WorkspaceRole;
  ok: number;
  request: (who: WorkspaceRole) => { method: string; path: string; json?: unknown };
}

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 33, "Checked by": one table of role × route family → allowed or 403, on PostgreSQL. Each
 * family is one representative route; every role calls it in the same shared workspace. A refusal
 * is the 403 that names the caller's role and the least one the route needs; an allowed call
 * answers as the route does for anyone (a write of a missing id: 404 — past the role check).
 */
describe('roles × route families', () => {
  let t: TestApp;
  let team: SharedWorkspace;
  const member: Partial<Record<WorkspaceRole, TestUser>> = {};
  let reportId: string;
  let vendorId: string;
  /** The team vendor's crawler settings as read: saving them again is an editor's change. */
  let crawlerSettings: unknown;

  const families: Family[] = [
    { name: 'vendors: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/vendors' }) },
    {
      name: 'vendors: write',
      least: 'editor',
      ok: 201,
      request: (who) => ({
        method: 'POST',
        path: '/api/vendors',
        json: { name: `Vendor of the ${who}`, url: 'https://v.example/' },
      }),
    },
    {
      name: 'crawler settings: write',
      least: 'editor',
      ok: 200,
      request: () => ({ method: 'PUT', path: `/api/vendors/${vendorId}/crawler-settings`, json: crawlerSettings }),
    },
    {
      name: 'crawler configurations: read',
      least: 'viewer',
      ok: 200,
      request: () => ({ method: 'GET', path: '/api/crawler-configs' }),
    },
    {
      name: 'crawler configurations: write',
      least: 'admin',
      ok: 404,
      request: () => ({ method: 'DELETE', path: `/api/crawler-configs/${NO_SUCH_ID}` }),
    },
    { name: 'crawls: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/crawls' }) },
    {
      name: 'crawls: start and cancel',
      least: 'editor',
      ok: 404,
      request: () => ({ method: 'POST', path: `/api/crawls/${NO_SUCH_ID}/cancel` }),
    },
    { name: 'schedules: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/schedules' }) },
    {
      name: 'schedules: write',
      least: 'editor',
      ok: 200,
      request: () => ({ method: 'PUT', path: '/api/schedules/pause', json: { paused: false } }),
    },
    { name: 'dashboard', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/dashboard/summary' }) },
    { name: 'reports: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: `/api/reports/${reportId}` }) },
    {
      name: 'reports: export',
      least: 'viewer',
      ok: 200,
      request: () => ({ method: 'POST', path: `/api/reports/${reportId}/export`, json: { format: 'csv' } }),
    },
    {
      name: 'reports: reassess',
      least: 'editor',
      ok: 201,
      request: () => ({ method: 'POST', path: `/api/reports/${reportId}/reassess` }),
    },
    {
      name: 'changes: timeline',
      least: 'viewer',
      ok: 404,
      request: () => ({ method: 'GET', path: `/api/vendors/${NO_SUCH_ID}/timeline` }),
    },
    { name: 'alerts: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/alerts/channels' }) },
    {
      name: 'alerts: write',
      least: 'editor',
      ok: 201,
      request: (who) => ({
        method: 'POST',
        path: '/api/alerts/rules',
        json: { kind: 'pages_changed', thresholdPercent: rank(who) },
      }),
    },
    { name: 'projects: read', least: 'viewer', ok: 200, request: () => ({ method: 'GET', path: '/api/projects' }) },
    {
      name: 'projects: write',
      least: 'editor',
      ok: 201,
      request: (who) => ({ method: 'POST', path: '/api/projects', json: { name: `By the ${who}` } }),
    },
    {
      name: 'members: read',
      least: 'viewer',
      ok: 200,
      request: () => ({ method: 'GET', path: `/api/workspaces/${team.id}/members` }),
    },
    {
      name: 'invitations',
      least: 'admin',
      ok: 200,
      request: () => ({ method: 'GET', path: `/api/workspaces/${team.id}/invitations` }),
    },
    {
      name: 'API keys',
      least: 'admin',
      ok: 200,
      request: () => ({ method: 'GET', path: `/api/workspaces/${team.id}/api-keys` }),
    },
    {
      name: 'audit log',
      least: 'admin',
      ok: 200,
      request: () => ({ method: 'GET', path: `/api/workspaces/${team.id}/audit-log` }),
    },
    {
      name: 'workspace settings',
      least: 'owner',
      ok: 200,
      request: () => ({ method: 'PATCH', path: `/api/workspaces/${team.id}`, json: { name: 'Shared team' } }),
    },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    team = await shareWorkspace(t);
    member.owner = team.owner;
    member.viewer = team.viewer;
    for (const role of ['admin', 'editor'] as const) {
      member[role] = await t.signUp();
      await addMember(t, team.id, member[role]!, role);
    }
    const vendor = await team.addVendor('Tableco');
    vendorId = vendor.id;
    ({ reportId } = await seedAssessment(t.database.db, { userId: team.owner.id, vendorId }));
    crawlerSettings = (await team.call(team.owner, 'GET', `/api/vendors/${vendorId}/crawler-settings`)).body;
  });
  afterAll(() => t.close());

  const cases = families.flatMap((family) => WORKSPACE_ROLES.map((role) => [family.name, role, family] as const));

  it.each(cases)('%s as %s', async (_, role, family) => {
    const { method, path, json } = family.request(role);
    const response = await member[role]!.api(path, { method, json, headers: { [WORKSPACE_HEADER]: team.id } });
    // An export answers with a file, not JSON: only its status matters then.
    const answer = response.headers.get('content-type')?.includes('json')
      ? { status: response.status, body: (await response.json()) as { message?: string } }
      : { status: response.status };
    if (rank(role) >= rank(family.least)) expect({ path, status: answer.status }).toEqual({ path, status: family.ok });
    else expectRefused(answer, 403, roleTooLow(role, family.least));
  });
});

function rank(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.length - WORKSPACE_ROLES.indexOf(role);
}
