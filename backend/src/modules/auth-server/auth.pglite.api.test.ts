import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { waitFor } from '../../../../test-support/wait-for';
import { call } from '../../testing/gotrue-http';

/**
 * The out-of-the-box setup: PGlite in DATA_DIR and no SMTP. In development (as `npm start` runs)
 * the confirmation link is logged; anywhere else it never is, since it signs the user in.
 */
describe('Embedded auth on PGlite without SMTP', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vw-auth-'));
  const logged: string[] = [];
  let t: AuthTestApp;

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void logged.push(String(message)));
    t = await startAuthTestApp({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      AUTH_AUTOCONFIRM: 'false',
      PUBLIC_URL: 'http://vendorwatch.test',
      NODE_ENV: 'development',
    });
  });
  afterAll(async () => {
    await t.close();
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up, confirms by the logged link, signs in, refreshes and logs out', async () => {
    const credentials = { email: 'local@example.com', password: 'correct-horse-9' };
    const signUp = await call(t.baseUrl, 'POST', '/auth/v1/signup', { json: credentials });
    expect(signUp.status).toBe(200);
    expect(signUp.body).not.toHaveProperty('access_token');

    const link = await waitFor(
      async () => logged.map((line) => /http:\/\/vendorwatch\.test\/confirm\S+/.exec(line)?.[0]).find(Boolean),
      {
        what: 'the logged confirmation link',
      },
    );
    const confirmed = await call(t.baseUrl, 'POST', '/auth/v1/verify', {
      json: { type: 'signup', token_hash: new URL(link).searchParams.get('token_hash') },
    });
    expect(confirmed.status).toBe(200);

    const session = await call(t.baseUrl, 'POST', '/auth/v1/token?grant_type=password', { json: credentials });
    expect(session.status).toBe(200);
    const refreshed = await call(t.baseUrl, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      json: { refresh_token: session.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect((await call(t.baseUrl, 'GET', '/api/auth-probe', { token: refreshed.body.access_token })).status).toBe(200);
    expect((await call(t.baseUrl, 'POST', '/auth/v1/logout', { token: refreshed.body.access_token })).status).toBe(204);
    expect((await call(t.baseUrl, 'GET', '/api/auth-probe', { token: refreshed.body.access_token })).status).toBe(401);
  });
});
