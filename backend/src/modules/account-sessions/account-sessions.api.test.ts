import { MESSAGES, type AccountSession } from '@vendorwatch/contracts';
import { call } from '../../testing/gotrue-http';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused } from '../workspaces/testing/teams';

describe('GET /api/account/sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("lists the caller's open sessions, newest activity first, marking the current one", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const second = await call(t.baseUrl, 'POST', '/auth/v1/token?grant_type=password', {
      json: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Second browser' },
    });
    const answer = await user.api('/api/account/sessions');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const sessions = (await answer.json()) as AccountSession[];
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ userAgent: 'Second browser', current: false, aal: 'aal1' });
    expect(sessions[1]).toMatchObject({ current: true });

    // Signing out the others (auth-js's signOut({ scope: 'others' })) leaves only this one.
    expect((await call(t.baseUrl, 'POST', '/auth/v1/logout?scope=others', { token: user.accessToken })).status).toBe(204);
    expect(((await (await user.api('/api/account/sessions')).json()) as AccountSession[]).map((s) => s.current)).toEqual([true]);
    expect((await call(t.baseUrl, 'GET', '/api/account/sessions', { token: second.body.access_token })).status).toBe(401);
    // Another user's sessions are not in the list.
    expect(((await (await other.api('/api/account/sessions')).json()) as AccountSession[]).length).toBe(1);
  });

  it('needs a signed-in person: no API key reads anyone’s sessions', async () => {
    expect((await call(t.baseUrl, 'GET', '/api/account/sessions')).status).toBe(401);
    const team = await shareWorkspace(t);
    expectRefused(await team.call('key', 'GET', '/api/account/sessions'), 403, MESSAGES.access.peopleOnly);
    // A person's sessions are theirs in whichever workspace the request names.
    expect((await team.call(team.viewer, 'GET', '/api/account/sessions')).status).toBe(200);
  });
});
