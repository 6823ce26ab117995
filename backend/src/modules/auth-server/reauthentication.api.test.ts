import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES } from '@vendorwatch/contracts';
import { authOneTimeTokens, users } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { startMailingAuthTestApp, type MailingAuthTestApp } from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';

const PASSWORD = 'correct-horse-9';
const SUBJECT = 'Confirm reauthentication';

/**
 * Supabase Auth's other way to prove it is you before a new password: `reauthenticate()` emails a
 * code (the nonce) that `updateUser({ password, nonce })` accepts once, within its lifetime. The
 * current-password rule stays beside it.
 */
describe('reauthentication', () => {
  let t: MailingAuthTestApp;
  let n = 0;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const signIn = (email: string, password = PASSWORD) =>
    auth('POST', '/token?grant_type=password', { json: { email, password } });
  async function newUser() {
    const email = `reauth-${++n}@example.com`;
    const session = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    return { email, token: session.body.access_token as string };
  }
  /** The nonce of the newest reauthentication email to `email`, and how many such emails it has had. */
  const nonceFor = async (email: string, count = 1) => {
    await t.smtp.waitFor(() => t.smtp.messages.filter((m) => m.to.includes(email) && m.subject === SUBJECT).length >= count);
    const mails = t.smtp.messages.filter((m) => m.to.includes(email) && m.subject === SUBJECT);
    return /\b(\d{6})\b/.exec(mails[mails.length - 1]!.text)![1]!;
  };

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'true' });
  });
  afterAll(() => t.close());

  it('with supabase-js: reauthenticate(), then updateUser({ password, nonce }) once', async () => {
    const { email } = await newUser();
    const supabase: SupabaseClient = createClient(t.baseUrl, 'anon', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: class NoWebSocket {} as never },
    });
    expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const nonce = await nonceFor(email);
    const updated = await supabase.auth.updateUser({ password: 'a-brand-new-password', nonce });
    expect(updated.error).toBeNull();
    expect((await signIn(email, 'a-brand-new-password')).status).toBe(200);

    const again = await supabase.auth.updateUser({ password: 'yet-another-password', nonce });
    expect(again.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid', message: MESSAGES.auth.invalidNonce });
    expect((await signIn(email, 'a-brand-new-password')).status).toBe(200);
  });

  it('answers GET and POST alike, and sends one email a minute', async () => {
    const { email, token } = await newUser();
    expect(await auth('POST', '/reauthenticate', { token })).toMatchObject({ status: 200, body: {} });
    await nonceFor(email);
    const tooSoon = await auth('GET', '/reauthenticate', { token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('over_email_send_rate_limit');
    expect((await auth('POST', '/reauthenticate')).status).toBe(401);
  });

  it('refuses a wrong nonce, a stale one, and one of another user; a wrong one counts against it', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await auth('GET', '/reauthenticate', { token: alice.token });
    const nonce = await nonceFor(alice.email);
    const change = (token: string, json: Record<string, unknown>) => auth('PUT', '/user', { token, json });

    const stranger = await change(bob.token, { password: 'bobs-new-password', nonce });
    expect(stranger.body).toMatchObject({ code: 'reauthentication_not_valid', message: MESSAGES.auth.invalidNonce });

    const wrong = nonce === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await change(alice.token, { password: 'alices-new-password', nonce: wrong })).status).toBe(400);
    // Five wrong ones: the emailed nonce is gone too.
    expect((await change(alice.token, { password: 'alices-new-password', nonce })).body.code).toBe('reauthentication_not_valid');

    const later = await newUser();
    await auth('GET', '/reauthenticate', { token: later.token });
    const staleNonce = await nonceFor(later.email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, later.email));
    await t.database.db
      .update(authOneTimeTokens)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(authOneTimeTokens.userId, user!.id));
    expect((await change(later.token, { password: 'later-new-password', nonce: staleNonce })).body.code).toBe(
      'reauthentication_not_valid',
    );
  });

  it('never lets the right nonce through when six wrong ones are sent together with it (issue 37 row 11)', async () => {
    for (let round = 0; round < 5; round++) {
      const { email, token } = await newUser();
      await auth('GET', '/reauthenticate', { token });
      const nonce = await nonceFor(email);
      const wrongs = Array.from({ length: 6 }, (_, i) => String((Number(nonce) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(
        [...wrongs, nonce].map((each) =>
          auth('PUT', '/user', { token, json: { password: 'the-attackers-password', nonce: each } }),
        ),
      );
      expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
        Array(7).fill([400, 'reauthentication_not_valid']),
      );
      expect((await signIn(email, 'the-attackers-password')).status).toBe(400);
      expect((await signIn(email)).status).toBe(200);
      // The tries used the nonce up: alone, afterwards, it is refused too.
      const alone = await auth('PUT', '/user', { token, json: { password: 'the-attackers-password', nonce } });
      expect(alone.body.code).toBe('reauthentication_not_valid');
    }
  });

  it('keeps the current-password rule: without a nonce the current password is needed', async () => {
    const { token } = await newUser();
    const without = await auth('PUT', '/user', { token, json: { password: 'a-new-password' } });
    expect(without.body).toMatchObject({ code: 'current_password_required', message: MESSAGES.auth.currentPasswordRequired });
    expect((await auth('PUT', '/user', { token, json: { password: 'a-new-password', current_password: PASSWORD } })).status).toBe(
      200,
    );
  });
});
