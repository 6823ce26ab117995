import { MESSAGES, type Project, type ProjectElement, type ProjectPage } from '@vendorwatch/contracts';
import { projects } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused, roleTooLow } from '../workspaces/testing/teams';

describe('Projects, pages and elements API', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signUp();
    stranger = await t.signUp();
  });
  afterAll(() => t.close());

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  };

  it('keeps projects newest first and pages and elements in order', async () => {
    const first = await json<Project>(await owner.api('/api/projects', { method: 'POST', json: { name: 'First' } }), 201);
    await json<Project>(await owner.api('/api/projects', { method: 'POST', json: { name: 'Second' } }), 201);
    expect((await json<Project[]>(await owner.api('/api/projects'))).map((p) => p.name)).toEqual(['Second', 'First']);

    for (const [title, order] of [
      ['Third', 3],
      ['One', 1],
      ['Two', 2],
    ] as const) {
      await json(await owner.api(`/api/projects/${first.id}/pages`, { method: 'POST', json: { title, order } }), 201);
    }
    const pages = await json<ProjectPage[]>(await owner.api(`/api/projects/${first.id}/pages`));
    expect(pages.map((p) => p.title)).toEqual(['One', 'Two', 'Third']);

    const page = pages[0]!;
    await json(
      await owner.api(`/api/pages/${page.id}/elements`, { method: 'POST', json: { type: 'text', content: 'b', order: 2 } }),
      201,
    );
    await json(
      await owner.api(`/api/pages/${page.id}/elements`, { method: 'POST', json: { type: 'heading', content: 'a', order: 1 } }),
      201,
    );
    const elements = await json<ProjectElement[]>(await owner.api(`/api/pages/${page.id}/elements`));
    expect(elements.map((e) => e.content)).toEqual(['a', 'b']);

    const moved = await json<ProjectElement>(
      await owner.api(`/api/elements/${elements[0]!.id}`, { method: 'PUT', json: { order: 5 } }),
    );
    expect(moved.order).toBe(5);
    expect((await json<ProjectElement[]>(await owner.api(`/api/pages/${page.id}/elements`))).map((e) => e.content)).toEqual([
      'b',
      'a',
    ]);

    expect((await owner.api(`/api/pages/${page.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.api(`/api/pages/${page.id}/elements`)).status).toBe(404);
  });

  it('validates input with 400 and hides other users’ records behind 404', async () => {
    expect((await owner.api('/api/projects', { method: 'POST', json: { name: ' ' } })).status).toBe(400);
    const project = await json<Project>(await owner.api('/api/projects', { method: 'POST', json: { name: 'Mine' } }), 201);
    const page = await json<ProjectPage>(
      await owner.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'P' } }),
      201,
    );
    expect(
      (await owner.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'P', order: 1.5 } })).status,
    ).toBe(400);

    expect((await stranger.api(`/api/projects/${project.id}`)).status).toBe(404);
    expect((await stranger.api(`/api/projects/${project.id}/pages`)).status).toBe(404);
    expect((await stranger.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'X' } })).status).toBe(404);
    expect((await stranger.api(`/api/pages/${page.id}`, { method: 'PUT', json: { title: 'X' } })).status).toBe(404);
    expect((await stranger.api(`/api/pages/${page.id}/elements`, { method: 'POST', json: { type: 'text' } })).status).toBe(404);
    expect((await stranger.api(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await json<Project[]>(await stranger.api('/api/projects'))).toEqual([]);
    expect((await owner.api(`/api/projects/${project.id}`)).status).toBe(200);
  });

  it('says a text is too long, not that it is missing', async () => {
    const project = await json<Project>(await owner.api('/api/projects', { method: 'POST', json: { name: 'Limits' } }), 201);
    const page = await json<ProjectPage>(
      await owner.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'P' } }),
      201,
    );
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/projects', { name: 'n'.repeat(201) }, 'Project name must be at most 200 characters'],
      ['/api/projects', { name: 'n', description: 'd'.repeat(5001) }, 'Description must be at most 5000 characters'],
      [`/api/projects/${project.id}/pages`, { title: 't'.repeat(501) }, 'Page title must be at most 500 characters'],
      [`/api/pages/${page.id}/elements`, { type: 't'.repeat(101) }, 'Element type must be at most 100 characters'],
      [
        `/api/pages/${page.id}/elements`,
        { type: 'text', content: 'c'.repeat(100_001) },
        'Content must be at most 100000 characters',
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await owner.api(path, { method: 'POST', json: body });
      expect([path, response.status, ((await response.json()) as { message: string }).message]).toEqual([path, 400, message]);
    }
  });

  it('belongs to the workspace: members read it, only editors change it, other workspaces do not see it', async () => {
    const team = await shareWorkspace(t);
    const project = (await team.call(team.owner, 'POST', '/api/projects', { name: 'Vendor review' })).body as Project;
    const page = (await team.call(team.owner, 'POST', `/api/projects/${project.id}/pages`, { title: 'Scope' }))
      .body as ProjectPage;

    // A viewer reads everything of the team, and changes nothing.
    expect(((await team.call(team.viewer, 'GET', '/api/projects')).body as Project[]).map((p) => p.name)).toEqual([
      'Vendor review',
    ]);
    expect((await team.call(team.viewer, 'GET', `/api/projects/${project.id}/pages`)).body).toHaveLength(1);
    const tooLow = roleTooLow('viewer', 'editor');
    expectRefused(await team.call(team.viewer, 'POST', '/api/projects', { name: 'Mine' }), 403, tooLow);
    expectRefused(await team.call(team.viewer, 'PUT', `/api/projects/${project.id}`, { name: 'Renamed' }), 403, tooLow);
    expectRefused(await team.call(team.viewer, 'DELETE', `/api/pages/${page.id}`), 403, tooLow);

    // Someone of another workspace finds nothing, whatever they try.
    expectRefused(await team.outside('GET', `/api/projects/${project.id}`), 404, MESSAGES.projects.notFound);
    expectRefused(await team.outside('PUT', `/api/pages/${page.id}`, { title: 'X' }), 404, MESSAGES.projects.pageNotFound);
    expect((await team.outside('GET', '/api/projects')).body).toEqual([]);

    // An editor's API key adds to the team; the project records the key's creator, the audit log the key.
    const byKey = await team.call('key', 'POST', '/api/projects', { name: 'Scripted', description: 'From CI' });
    expect(byKey.status).toBe(201);
    expect(((await team.call(team.viewer, 'GET', '/api/projects')).body as Project[]).map((p) => p.name)).toEqual([
      'Scripted',
      'Vendor review',
    ]);
    const [stored] = await t.database.db.select().from(projects).where(eq(projects.id, byKey.body.id));
    expect(stored).toMatchObject({ workspaceId: team.id, userId: team.owner.id });
    const [entry] = await team.audited('project.create');
    expect(entry).toMatchObject({
      actorType: 'api_key',
      actorLabel: 'Editor script',
      targetType: 'project',
      targetId: byKey.body.id,
      summary: { name: 'Scripted', description: 'From CI' },
    });
    // The owner's own project sits in their personal workspace, apart from the team's.
    expect(await json<Project[]>(await team.owner.api('/api/projects'))).toEqual([]);
  });
});
