import { Logger } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import { loadConfig } from '@vendorwatch/runtime';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { firstLink, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { waitFor } from '../../../../test-support/wait-for';
import {
  MAILED_SITE,
  startAuthTestApp,
  startMailingAuthTestApp,
  type AuthTestApp,
  type MailingAuthTestApp,
} from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';

/**
 * What a security review of the embedded auth found, one test each. Every test here failed on
 * the code before its fix.
 */
const SITE = MAILED_SITE;
const PASSWORD = 'correct-horse-9';

describe('Security review of the embedded auth', () => {
  let smtp: SmtpCatcher;
  let t: MailingAuthTestApp;
  let n = 0;
  const newEmail = () => `review-${++n}-${randomBytes(3).toString('hex')}@example.com`;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const signIn = (email: string, password = PASSWORD) =>
    auth('POST', '/token?grant_type=password', { json: { email, password } });
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const nthMailTo = (email: string, count: number) =>
    smtp.waitFor(() => mailsTo(email).length >= count).then(() => mailsTo(email)[count - 1]!);
  /** The one-time token of an emailed link, whatever its form. */
  const tokenOf = (link: string) => {
    const url = new URL(link);
    return url.searchParams.get('token_hash') ?? url.searchParams.get('token')!;
  };
  const confirm = (link: string) => auth('POST', '/verify', { json: { type: 'signup', token_hash: tokenOf(link) } });
  const codeOf = (text: string) => /code: (\d{6})/.exec(text)![1]!;
  /** Moves the account's last confirmation email back in time, as if the resend minute had passed. */
  const pretendEmailSentLongAgo = (email: string) =>
    t.database.db.execute(sql`update users set confirmation_sent_at = now() - interval '2 minutes' where email = ${email}`);

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'false' });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('binds the password to the confirmation: an earlier sign-up by someone else cannot sign in (pre-hijacking)', async () => {
    const victim = newEmail();
    expect((await auth('POST', '/signup', { json: { email: victim, password: 'attackers-password' } })).status).toBe(200);
    await nthMailTo(victim, 1);
    await pretendEmailSentLongAgo(victim);

    expect((await auth('POST', '/signup', { json: { email: victim, password: PASSWORD } })).status).toBe(200);
    const confirmed = await confirm(firstLink(await nthMailTo(victim, 2)));
    expect(confirmed.status).toBe(200);

    expect((await signIn(victim, 'attackers-password')).body.code).toBe('invalid_credentials');
    expect((await signIn(victim)).status).toBe(200);
  });

  it('voids a pending sign-up once a reset link proves the address', async () => {
    const victim = newEmail();
    await auth('POST', '/signup', { json: { email: victim, password: 'attackers-password' } });
    const staleConfirmation = firstLink(await nthMailTo(victim, 1));
    await auth('POST', '/recover', { json: { email: victim } });
    const reset = new URL(firstLink(await nthMailTo(victim, 2))).searchParams.get('token_hash');
    const session = await auth('POST', '/verify', { json: { type: 'recovery', token_hash: reset } });
    expect((await auth('PUT', '/user', { token: session.body.access_token, json: { password: PASSWORD } })).status).toBe(200);

    expect((await confirm(staleConfirmation)).body.code).toBe('otp_expired');
    expect((await signIn(victim, 'attackers-password')).body.code).toBe('invalid_credentials');
    expect((await signIn(victim)).status).toBe(200);
  });

  it('spends the confirmation code after a few wrong guesses', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const code = codeOf((await nthMailTo(email, 1)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await auth('POST', '/verify', { json: { type: 'signup', email, token: wrong } })).status).toBe(403);
    }
    const late = await auth('POST', '/verify', { json: { type: 'signup', email, token: code } });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('otp_expired');
  });

  it('lets emailed links and codes live an hour at most', () => {
    expect(loadConfig({}).AUTH_EMAIL_LINK_EXPIRY_SECONDS).toBeLessThanOrEqual(3600);
    expect(() => loadConfig({ AUTH_EMAIL_LINK_EXPIRY_SECONDS: '86400' })).toThrow(/AUTH_EMAIL_LINK_EXPIRY_SECONDS/);
  });

  it('asks for the current password before setting a new one', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const session = await confirm(firstLink(await nthMailTo(email, 1)));
    const token = session.body.access_token as string;

    const without = await auth('PUT', '/user', { token, json: { password: 'a-new-password' } });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ code: 'current_password_required', message: MESSAGES.auth.currentPasswordRequired });
    const wrong = await auth('PUT', '/user', { token, json: { password: 'a-new-password', current_password: 'guess' } });
    expect(wrong.body.code).toBe('current_password_mismatch');
    expect((await signIn(email, 'a-new-password')).status).toBe(400);
    expect((await auth('PUT', '/user', { token, json: { password: 'a-new-password', current_password: PASSWORD } })).status).toBe(
      200,
    );
    expect((await signIn(email, 'a-new-password')).status).toBe(200);
  });

  it('ends the session when a spent refresh token is used again', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    await confirm(firstLink(await nthMailTo(email, 1)));
    const session = (await signIn(email)).body;
    const rotated = await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: session.refresh_token } });
    expect(rotated.status).toBe(200);
    expect(
      (await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: session.refresh_token } })).status,
    ).toBe(400);

    for (const token of [session.access_token, rotated.body.access_token]) {
      expect((await call(t.baseUrl, 'GET', '/api/auth-probe', { token })).status).toBe(401);
    }
  });

  it('does not spend a confirmation link on a GET (mail scanners fetch every link)', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const link = firstLink(await nthMailTo(email, 1));
    await fetch(link.replace(SITE, t.baseUrl), { redirect: 'manual' }); // What a scanner does.
    expect((await confirm(link)).status).toBe(200);
  });

  it('answers a repeated sign-up within the resend minute like any other, not 429', async () => {
    const email = newEmail();
    const first = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const repeat = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    expect(repeat.status).toBe(first.status);
    expect(Object.keys(repeat.body).sort()).toEqual(Object.keys(first.body).sort());
  });

  it('hashes the password on every sign-up path, so timing does not tell which addresses have accounts', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    await confirm(firstLink(await nthMailTo(email, 1)));
    // The module object itself (an `import *` would be a copy the hasher never calls through).
    const hash = jest.spyOn(jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2'), 'hash');
    try {
      expect((await auth('POST', '/signup', { json: { email, password: 'another-password' } })).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('marks token answers Cache-Control: no-store', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    await confirm(firstLink(await nthMailTo(email, 1)));
    const session = await signIn(email);
    expect(session.headers.get('cache-control')).toBe('no-store');
    const refreshed = await auth('POST', '/token?grant_type=refresh_token', {
      json: { refresh_token: session.body.refresh_token },
    });
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a 100 KB email with a 400 that says what is wrong, not a 500', async () => {
    const huge = `${'a'.repeat(100_000)}@example.com`;
    for (const path of ['/token?grant_type=password', '/signup']) {
      const answer = await auth('POST', path, { json: { email: huge, password: PASSWORD } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_failed', message: 'email must be at most 254 characters' });
    }
    const longPassword = await signIn('someone@example.com', 'x'.repeat(200_000));
    expect(longPassword.status).toBe(400);
  });
});

describe('Session lifetimes', () => {
  let t: AuthTestApp;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const age = (sessionId: string, column: 'created_at' | 'refreshed_at', minutes: number) =>
    t.database.db.execute(
      sql`update auth_sessions set ${sql.raw(column)} = now() - make_interval(mins => ${minutes}) where id = ${sessionId}`,
    );
  const sessionIdOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;

  beforeAll(async () => {
    t = await startAuthTestApp({
      AUTH_AUTOCONFIRM: 'true',
      AUTH_SESSION_IDLE_TIMEOUT_SECONDS: '600',
      AUTH_SESSION_MAX_LIFETIME_SECONDS: '3600',
    });
  });
  afterAll(() => t.close());

  it('ends a session left unrefreshed past the idle timeout', async () => {
    const session = (await auth('POST', '/signup', { json: { email: 'idle@example.com', password: PASSWORD } })).body;
    await age(sessionIdOf(session.access_token), 'created_at', 11);
    const refused = await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: session.refresh_token } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'session_expired', message: MESSAGES.auth.sessionExpiredIdle });
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const session = (await auth('POST', '/signup', { json: { email: 'old@example.com', password: PASSWORD } })).body;
    await age(sessionIdOf(session.access_token), 'created_at', 61);
    await age(sessionIdOf(session.access_token), 'refreshed_at', 1);
    expect((await call(t.baseUrl, 'GET', '/api/auth-probe', { token: session.access_token })).status).toBe(401);
    const refused = await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: session.refresh_token } });
    expect(refused.body).toMatchObject({ code: 'session_expired', message: MESSAGES.auth.sessionExpired });
  });
});

describe('Confirmation links without SMTP outside development', () => {
  const logged: string[] = [];
  let t: AuthTestApp;

  beforeAll(async () => {
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      jest
        .spyOn(Logger.prototype, level)
        .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'false', NODE_ENV: 'production', PUBLIC_URL: SITE });
  });
  afterAll(async () => {
    await t.close();
    jest.restoreAllMocks();
  });

  it('never writes the link (which signs the user in) to the log', async () => {
    const email = 'unlogged@example.com';
    expect((await call(t.baseUrl, 'POST', '/auth/v1/signup', { json: { email, password: PASSWORD } })).status).toBe(200);
    const mentions = await waitForLogLine(logged, email);
    expect(mentions.some((line) => line.includes('http'))).toBe(false);
  });
});

/** The log lines that mention `text`, once at least one does. */
function waitForLogLine(logged: string[], text: string): Promise<string[]> {
  return waitFor(async () => {
    const lines = logged.filter((line) => line.includes(text));
    return lines.length ? lines : undefined;
  });
}
