import type { PublicConfig } from '@vendorwatch/contracts';
import { startTestApp } from '../../testing/test-app';

/**
 * The public config tells the sign-up screen what became of the confirmation email, so it can say
 * where the link is: in the inbox, in the server's log (development without SMTP), or nowhere.
 */
describe('GET /api/public-config', () => {
  const configOf = async (overrides: Record<string, string>) => {
    const t = await startTestApp(overrides);
    try {
      const answer = await fetch(`${t.baseUrl}/api/public-config`);
      expect(answer.status).toBe(200);
      return (await answer.json()) as PublicConfig;
    } finally {
      await t.close();
    }
  };

  it('says the confirmation link is in the server log in development without SMTP', async () => {
    expect(await configOf({ NODE_ENV: 'development', SMTP_URL: '' })).toEqual({
      supabaseUrl: null,
      supabaseAnonKey: 'embedded-auth',
      authEmails: 'logged',
      oidc: null,
    });
  });

  it("names the company's identity provider when single sign-on is configured (the sign-in page's button)", async () => {
    const config = await configOf({
      AUTH_OIDC_ISSUER: 'https://id.example.com',
      AUTH_OIDC_CLIENT_ID: 'vendorwatch',
      AUTH_OIDC_CLIENT_SECRET: 'secret',
      AUTH_OIDC_NAME: 'Acme ID',
    });
    expect(config.oidc).toEqual({ name: 'Acme ID' });
  });

  it('says emails are sent when SMTP is configured, and not sent otherwise outside development', async () => {
    expect((await configOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' })).authEmails).toBe('sent');
    expect((await configOf({ NODE_ENV: 'production', SMTP_URL: '' })).authEmails).toBe('not-sent');
  });
});
