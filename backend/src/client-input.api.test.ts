import { ArgumentsHost, Logger } from '@nestjs/common';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { startTestApp, type TestApp, type TestUser } from './testing/test-app';

const MAX_INT32 = 2_147_483_647;

/** Input that used to reach the database and come back as a 500: each a 400 that says what is wrong. */
describe('client input the database cannot take', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
  });
  afterAll(() => t.close());

  const answer = async (response: Promise<Response>) => {
    const r = await response;
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };

  it('a NUL character anywhere: body, nested metadata, query, key', async () => {
    expect(
      await answer(user.api('/api/vendors', { method: 'POST', json: { name: 'a\u0000b', url: 'https://a.example/' } })),
    ).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: MESSAGES.generic.nulCharacter,
        errors: [{ path: 'name', message: MESSAGES.generic.nulCharacter }],
      }),
    });
    expect(await answer(user.api('/api/crawls?status=%00'))).toMatchObject({
      status: 400,
      body: { message: MESSAGES.generic.nulCharacter },
    });
    expect(
      await answer(user.api('/api/projects', { method: 'POST', json: { name: 'P', description: 'x', ['k\u0000']: 1 } })),
    ).toMatchObject({ status: 400, body: { message: MESSAGES.generic.nulCharacter } });

    // The auth server (its own error shape), sign-up metadata included.
    const signUp = await fetch(`${t.baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ email: 'nul@example.com', password: 'correct-horse-9', data: { name: 'Ada\u0000' } }),
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ code: 'validation_failed', msg: MESSAGES.generic.nulCharacter });
    const signIn = await fetch(`${t.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ email: 'a\u0000@example.com', password: 'x' }),
    });
    expect(signIn.status).toBe(400);
  });

  it('PUT with nothing to update, on every PUT route with an id', async () => {
    const project = (await (await user.api('/api/projects', { method: 'POST', json: { name: 'P' } })).json()) as { id: string };
    const page = (await (
      await user.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'T' } })
    ).json()) as {
      id: string;
    };
    const element = (await (
      await user.api(`/api/pages/${page.id}/elements`, { method: 'POST', json: { type: 'text' } })
    ).json()) as { id: string };
    const config = (await (
      await user.api('/api/crawler-configs', {
        method: 'POST',
        json: { name: 'C', apiKey: 'key-1234', apiEndpoint: 'https://api.example/v1' },
      })
    ).json()) as { id: string };
    const vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'V', url: 'https://v.example/' } })
    ).json()) as Vendor;
    for (const path of [
      `/api/projects/${project.id}`,
      `/api/pages/${page.id}`,
      `/api/elements/${element.id}`,
      `/api/crawler-configs/${config.id}`,
      `/api/vendors/${vendor.id}`,
    ]) {
      for (const body of [{}, { unknownField: 1 }]) {
        expect([path, await answer(user.api(path, { method: 'PUT', json: body }))]).toEqual([
          path,
          { status: 400, body: expect.objectContaining({ message: MESSAGES.generic.nothingToUpdate }) },
        ]);
      }
    }
  });

  it('integers above 2^31 - 1 (order), and pages far beyond any offset', async () => {
    const project = (await (await user.api('/api/projects', { method: 'POST', json: { name: 'P' } })).json()) as { id: string };
    const orderMessage = `Order must be a whole number from 0 to ${MAX_INT32}`;
    expect(
      await answer(user.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'T', order: MAX_INT32 + 1 } })),
    ).toMatchObject({ status: 400, body: { message: orderMessage } });
    const page = await answer(
      user.api(`/api/projects/${project.id}/pages`, { method: 'POST', json: { title: 'T', order: MAX_INT32 } }),
    );
    expect(page.status).toBe(201);
    expect(
      await answer(user.api(`/api/pages/${page.body.id as string}`, { method: 'PUT', json: { order: 1e300 } })),
    ).toMatchObject({
      status: 400,
      body: { message: orderMessage },
    });
    expect(await answer(user.api('/api/crawls?page=100000000000000000000'))).toMatchObject({
      status: 400,
      body: { message: 'Page must be a whole number from 1 to 100000' },
    });
  });

  it('a database error from a value answers 400 and is logged without the statement or its bind parameters', async () => {
    const secret = '$argon2id$v=19$m=65536,t=3,p=4$not-a-number';
    const failure = await t.database.db.execute(sql`select ${secret}::int as n`).catch((error: unknown) => error);
    expect(String((failure as Error).message)).toContain(secret); // what drizzle puts in its message

    const filter = new HttpExceptionFilter();
    const logged: string[] = [];
    const spies = (['warn', 'error'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(String(args[0]))),
    );
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      header: () => reply,
      status: (status: number) => ((sent.status = status), reply),
      send: (body: unknown) => ((sent.body = body), reply),
    };
    const host = {
      switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ method: 'POST', url: '/api/x', headers: {} }) }),
    } as unknown as ArgumentsHost;
    try {
      filter.catch(failure, host);
      filter.catch(Object.assign(new Error('boom'), { cause: failure }), host);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(sent).toEqual({ status: 400, body: { statusCode: 400, message: MESSAGES.generic.valueNotStorable } });
    expect(logged.length).toBe(2);
    for (const line of logged) {
      expect(line).not.toContain(secret);
      expect(line).not.toMatch(/select|params/i);
    }
    expect(logged[0]).toMatch(/invalid input syntax for type integer.*\(SQLSTATE 22P02\)/);
  });
});
