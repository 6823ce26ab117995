import { MESSAGES } from '@vendorwatch/contracts';
import { users } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { firstLink } from '../../../../test-support/smtp-catcher';
import { MAILED_SITE, startMailingAuthTestApp, type MailingAuthTestApp } from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';

const PASSWORD = 'correct-horse-9';
const CONFIRM = 'Confirm your signup';

/**
 * `supabase.auth.resend({ type: 'signup', email })`: the "check your email" screen's Resend. A new
 * link replaces the old and still carries the sign-up's password; the answer is the same whatever
 * the address, and it counts against the sign-up limit.
 */
describe('resending the confirmation email', () => {
  let t: MailingAuthTestApp;
  let n = 0;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const resend = (email: string, type = 'signup', headers: Record<string, string> = {}) =>
    auth('POST', `/resend?redirect_to=${encodeURIComponent(`${MAILED_SITE}/`)}`, {
      json: { email, type, gotrue_meta_security: {} },
      headers,
    });
  const confirmations = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email) && m.subject === CONFIRM);
  /** The minute between two emails, passed. */
  const aMinuteLater = (email: string) =>
    t.database.db
      .update(users)
      .set({ confirmationSentAt: sql`now() - interval '61 seconds'` })
      .where(eq(users.email, email));

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'false', AUTH_RATE_LIMIT_SIGN_IN: '10', TRUST_PROXY_HOPS: '1' });
  });
  afterAll(() => t.close());

  it('sends a new link that confirms the account with the password given at sign-up; the old link is void', async () => {
    const email = `resend-${++n}@example.com`;
    expect((await auth('POST', '/signup', { json: { email, password: PASSWORD } })).status).toBe(200);
    await t.smtp.waitFor(() => confirmations(email).length === 1);

    // Within the minute nothing more is sent, and the answer says nothing about it.
    expect(await resend(email)).toMatchObject({ status: 200, body: {} });
    await aMinuteLater(email);
    expect(await resend(email)).toMatchObject({ status: 200, body: {} });
    await t.smtp.waitFor(() => confirmations(email).length === 2);
    const [first, second] = confirmations(email).map(firstLink);

    const verify = (link: string) =>
      auth('POST', '/verify', { json: { type: 'signup', token_hash: new URL(link).searchParams.get('token_hash') } });
    expect((await verify(first!)).body.code).toBe('otp_expired');
    expect((await verify(second!)).status).toBe(200);
    expect((await auth('POST', '/token?grant_type=password', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('answers an unknown or confirmed address alike, and sends nothing', async () => {
    expect(await resend('nobody@example.com')).toMatchObject({ status: 200, body: {} });
    expect(confirmations('nobody@example.com')).toHaveLength(0);
  });

  it('refuses other types and a missing address', async () => {
    expect((await resend('someone@example.com', 'sms')).body).toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.auth.resendTypeUnsupported,
    });
    expect((await auth('POST', '/resend', { json: { type: 'signup' } })).body).toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.auth.resendRequiresEmail,
    });
  });

  it('counts against the sign-up limit of the client address', async () => {
    // The app trusts one proxy hop: X-Forwarded-For gives this test a client address of its own.
    const from = { 'x-forwarded-for': '203.0.113.77' };
    expect(
      (await auth('POST', '/signup', { json: { email: 'limited@example.com', password: PASSWORD }, headers: from })).status,
    ).toBe(200);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await resend('limited@example.com', 'signup', from)).status);
    expect(answers).toEqual([...Array(9).fill(200), 429]);
  });
});
