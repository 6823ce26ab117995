import { MESSAGES } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { firstLink, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { MAILED_SITE, startMailingAuthTestApp, type MailingAuthTestApp } from '../../testing/auth-test-app';
import { call, jwtClaims } from '../../testing/gotrue-http';

const SITE = MAILED_SITE;
const PASSWORD = 'correct-horse-9';

/** "Forgot password?": POST /recover mails a one-time link; the page it opens POSTs it to /verify. */
describe('Password recovery', () => {
  let smtp: SmtpCatcher;
  let t: MailingAuthTestApp;
  let n = 0;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const signIn = (email: string, password = PASSWORD) =>
    auth('POST', '/token?grant_type=password', { json: { email, password } });
  const recover = (email: string) =>
    auth('POST', `/recover?redirect_to=${encodeURIComponent(`${SITE}/`)}`, { json: { email, gotrue_meta_security: {} } });
  const resetLinkFor = async (email: string) =>
    firstLink(await smtp.waitFor((mail) => mail.to.includes(email) && /Reset/.test(mail.subject)));
  const useLink = (link: string) =>
    auth('POST', '/verify', { json: { type: 'recovery', token_hash: new URL(link).searchParams.get('token_hash') } });
  async function newUser() {
    const email = `recover-${++n}@example.com`;
    const session = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    return { email, token: session.body.access_token as string };
  }

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'true' });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('answers alike whether or not the address has an account', async () => {
    const { email } = await newUser();
    const known = await recover(email);
    const unknown = await recover('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({});
    expect(unknown.body).toEqual({});
    await resetLinkFor(email);
    expect(smtp.messages.some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('resets the password through the emailed link, once, and signs the other sessions out', async () => {
    const { email, token: before } = await newUser();
    await recover(email);
    const link = await resetLinkFor(email);
    expect(link.startsWith(`${SITE}/reset-password?`)).toBe(true);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');

    const session = await useLink(link);
    expect(session.status).toBe(200);
    expect((jwtClaims(session.body.access_token).amr as { method: string }[])[0]!.method).toBe('recovery');
    expect((await auth('GET', '/user', { token: before })).body.code).toBe('session_not_found');
    expect((await useLink(link)).body.code).toBe('otp_expired');

    // The reset link's session may set a password without the old one.
    const changed = await auth('PUT', '/user', { token: session.body.access_token, json: { password: 'a-brand-new-one' } });
    expect(changed.status).toBe(200);
    expect((await signIn(email)).body.code).toBe('invalid_credentials');
    expect((await signIn(email, 'a-brand-new-one')).status).toBe(200);
  });

  it('refuses a link older than its lifetime', async () => {
    const { email } = await newUser();
    await recover(email);
    const link = await resetLinkFor(email);
    await t.database.db.execute(
      sql`update auth_one_time_tokens set created_at = now() - interval '61 minutes' where purpose = 'recovery'`,
    );
    const expired = await useLink(link);
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ code: 'otp_expired', message: MESSAGES.auth.otpExpired });
  });

  it('asks for an address in Supabase Auth terms', async () => {
    const answer = await auth('POST', '/recover', { json: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', message: MESSAGES.auth.recoverRequiresEmail });
  });
});
