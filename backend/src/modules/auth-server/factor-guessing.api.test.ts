import { Logger } from '@nestjs/common';
import { formatMessage, MESSAGES } from '@vendorwatch/contracts';
import { mfaFactors } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { waitFor } from '../../../../test-support/wait-for';
import {
  startAuthTestApp,
  startMailingAuthTestApp,
  type AuthTestApp,
  type MailingAuthTestApp,
} from '../../testing/auth-test-app';
import { call, type Answer } from '../../testing/gotrue-http';

const PASSWORD = 'correct-horse-9';
const LOCK_MAIL = 'Two-factor sign-in locked after wrong codes';

/** The codes an authenticator app shows around now (the server accepts one step of skew either way). */
const codesAround = (secret: string) =>
  Promise.all([-1, 0, 1].map((steps) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })));
/** A code no clock skew makes right. */
async function wrongCode(secret: string): Promise<string> {
  const right = new Set(await codesAround(secret));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

/**
 * Someone who has a user's password but not their phone guesses TOTP codes, from as many client
 * addresses as they like (the per-address MFA limit is 30 calls per 5 minutes): each challenge
 * takes 5 wrong codes, and the factor takes 20 within an hour before it takes none for 15 minutes,
 * the right one included; its owner is told by email.
 */
describe('guessing a second factor', () => {
  let t: MailingAuthTestApp;
  let n = 0;
  /** The app trusts one proxy hop (TRUST_PROXY_HOPS=1): X-Forwarded-For plays the attacker's many addresses. */
  const auth = (method: string, path: string, token: string, address: string, json?: unknown) =>
    call(t.baseUrl, method, `/auth/v1${path}`, { token, json, headers: { 'x-forwarded-for': address } });
  const challenge = async (token: string, factorId: string, address: string) =>
    (await auth('POST', `/factors/${factorId}/challenge`, token, address, {})).body.id as string;
  const verify = (token: string, factorId: string, challengeId: string, code: string, address: string) =>
    auth('POST', `/factors/${factorId}/verify`, token, address, { challenge_id: challengeId, code });

  /** A user with a verified factor, and a second session opened with the password alone (the attacker's). */
  async function victim() {
    const email = `guessed-${++n}@example.com`;
    const owner = await call(t.baseUrl, 'POST', '/auth/v1/signup', { json: { email, password: PASSWORD } });
    const token = owner.body.access_token as string;
    const enrolled = await auth('POST', '/factors', token, '198.51.100.1', { factor_type: 'totp', friendly_name: 'Phone' });
    const factorId = enrolled.body.id as string;
    const secret = enrolled.body.totp.secret as string;
    const [, now] = await codesAround(secret);
    expect((await verify(token, factorId, await challenge(token, factorId, '198.51.100.1'), now!, '198.51.100.1')).status).toBe(
      200,
    );
    const attacker = await call(t.baseUrl, 'POST', '/auth/v1/token?grant_type=password', { json: { email, password: PASSWORD } });
    return { email, factorId, secret, attacker: attacker.body.access_token as string };
  }
  /** The right code, one not used yet (each code works once). */
  const rightCode = async (secret: string) => (await codesAround(secret))[2]!;

  const expectRefused = (answer: Answer, message: string) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ code: 'over_request_rate_limit', message });
  };

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'true', TRUST_PROXY_HOPS: '1' });
  });
  afterAll(() => t.close());

  it('a challenge dies after 5 wrong codes: the right code on it is refused, a new challenge takes it', async () => {
    const { factorId, secret, attacker } = await victim();
    const wrong = await wrongCode(secret);
    const challengeId = await challenge(attacker, factorId, '203.0.113.10');
    for (let i = 0; i < 5; i++) {
      const answer = await verify(attacker, factorId, challengeId, wrong, '203.0.113.10');
      expect(answer.body).toMatchObject({ code: 'mfa_verification_failed', message: MESSAGES.auth.invalidTotp });
    }
    const right = await rightCode(secret);
    expectRefused(await verify(attacker, factorId, challengeId, right, '203.0.113.11'), MESSAGES.auth.challengeAttemptsExhausted);

    const fresh = await challenge(attacker, factorId, '203.0.113.10');
    expect((await verify(attacker, factorId, fresh, right, '203.0.113.10')).status).toBe(200);
  });

  it('20 wrong codes from four addresses lock the factor for 15 minutes: even the right code is refused; the owner is emailed', async () => {
    const { email, factorId, secret, attacker } = await victim();
    const wrong = await wrongCode(secret);
    const addresses = ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24'];
    const answers: Answer[] = [];
    for (const address of addresses) {
      const challengeId = await challenge(attacker, factorId, address);
      for (let i = 0; i < 5; i++) answers.push(await verify(attacker, factorId, challengeId, wrong, address));
    }
    // Each address stayed well inside its own limit: the factor's count is what stops them.
    expect(answers.slice(0, 19).map((answer) => answer.body.code)).toEqual(Array(19).fill('mfa_verification_failed'));
    expectRefused(answers[19]!, formatMessage.factorLocked(15));

    const right = await rightCode(secret);
    const refused = await verify(attacker, factorId, await challenge(attacker, factorId, '203.0.113.25'), right, '203.0.113.25');
    expectRefused(refused, formatMessage.factorLocked(15));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject === LOCK_MAIL);
    expect(mail.text).toContain('20 wrong codes');
    for (const address of addresses) expect(mail.text).toContain(address);
    expect(mail.text).toContain('change your password');

    // Fifteen minutes later (the lock's end moved to now): the right code works, and the count starts again.
    await t.database.db
      .update(mfaFactors)
      .set({ lockedUntil: sql`now()` })
      .where(eq(mfaFactors.id, factorId));
    const after = await verify(attacker, factorId, await challenge(attacker, factorId, '203.0.113.25'), right, '203.0.113.25');
    expect(after.status).toBe(200);
    expect(t.smtp.messages.filter((m) => m.subject === LOCK_MAIL && m.to.includes(email))).toHaveLength(1);
  });

  it('codes sent all at once cannot outrun the count', async () => {
    const { factorId, secret, attacker } = await victim();
    const wrong = await wrongCode(secret);
    const addresses = Array.from({ length: 6 }, (_, i) => `203.0.113.${40 + i}`);
    const challenges = await Promise.all(addresses.map((address) => challenge(attacker, factorId, address)));
    const answers = await Promise.all(
      addresses.flatMap((address, i) =>
        Array.from({ length: 5 }, () => verify(attacker, factorId, challenges[i]!, wrong, address)),
      ),
    );
    const checked = answers.filter((answer) => answer.body.code === 'mfa_verification_failed');
    expect(checked.length).toBeLessThan(20);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(30 - checked.length);
    const [row] = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a locked factor without SMTP, in development', () => {
  const logged: string[] = [];
  let t: AuthTestApp;

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void logged.push(String(message)));
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true', NODE_ENV: 'development', AUTH_MFA_FACTOR_MAX_FAILURES: '2' });
  });
  afterAll(async () => {
    await t.close();
    jest.restoreAllMocks();
  });

  it('writes the warning to the log, as it does confirmation links', async () => {
    const email = 'locked-locally@example.com';
    const token = (await call(t.baseUrl, 'POST', '/auth/v1/signup', { json: { email, password: PASSWORD } })).body.access_token;
    const enrolled = await call(t.baseUrl, 'POST', '/auth/v1/factors', { token, json: { factor_type: 'totp' } });
    const wrong = await wrongCode(enrolled.body.totp.secret);
    const challengeId = (await call(t.baseUrl, 'POST', `/auth/v1/factors/${enrolled.body.id}/challenge`, { token, json: {} }))
      .body.id;
    const answers = [];
    for (let i = 0; i < 2; i++) {
      answers.push(
        await call(t.baseUrl, 'POST', `/auth/v1/factors/${enrolled.body.id}/verify`, {
          token,
          json: { challenge_id: challengeId, code: wrong },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([422, 429]);
    const line = await waitFor(async () => logged.find((entry) => entry.startsWith(LOCK_MAIL) && entry.includes(email)), {
      what: 'the logged lock warning',
    });
    expect(line).toContain('2 wrong codes');
  });
});
