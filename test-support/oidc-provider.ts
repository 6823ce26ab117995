import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider' with { 'resolution-mode': 'import' };

type Provider = InstanceType<typeof import('oidc-provider', { with: { 'resolution-mode': 'import' } }).default>;

/** A person at the test identity provider: their claims, and how the provider says they signed in. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  /** The ID token's `amr` (e.g. ['pwd', 'mfa']). */
  amr?: string[];
  name?: string;
}

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests: accounts whose claims a
 * test sets (and changes between sign-ins), a login form (`login` = the account's id, which is its
 * `sub`), no consent screen. Its port is known before the app starts (the app discovers it on first
 * use); clients are registered once the app's callback address is known.
 */
export interface TestOidcProvider {
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /** Creates the provider with these clients; requests before that answer 503. */
  registerClients(clients: RegisteredClient[]): void;
  /**
   * Signs `login` in through a browser-less walk of the redirects: from `startUrl` (the app's
   * /authorize, or the provider's own URL) to the first redirect that leaves the provider for
   * `stopAt` (a prefix). Answers that redirect's Location; cookies are kept per call.
   */
  signIn(startUrl: string, login: string, stopAt: string): Promise<string>;
  /** The next token response to any client carries this ID token instead of its own (a substitution attack). */
  substituteIdToken(idToken: string | undefined): void;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let provider: Provider | undefined;
  let substitute: string | undefined;
  const interactions = interactionHandler(() => provider!, accounts);
  // An ES module: loaded as one (the tests' jest compiles it to CommonJS).
  const { default: ProviderClass } = await import('oidc-provider');

  const server = http.createServer((request, response) => {
    if (!provider) {
      response.writeHead(503).end('provider not configured yet');
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interactions(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    void provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    accounts,
    registerClients(clients) {
      provider = new ProviderClass(issuer, configuration(accounts, clients));
      // A substituted ID token replaces the provider's own in the next token response.
      provider.use(async (context, next) => {
        await next();
        const body = context.body as { id_token?: string } | undefined;
        if (context.path === '/token' && substitute && body?.id_token) {
          context.body = { ...body, id_token: substitute };
          substitute = undefined;
        }
      });
    },
    signIn: (startUrl, login, stopAt) => walkSignIn(startUrl, login, stopAt, issuer),
    substituteIdToken(idToken) {
      substitute = idToken;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function configuration(accounts: Map<string, ProviderAccount>, clients: RegisteredClient[]): Configuration {
  return {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_context, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const { amr: _amr, ...claims } = account;
          return { sub: id, ...claims };
        },
      };
    },
    claims: { openid: ['sub', 'groups', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims in the ID token itself, as enterprise providers send them to a code-flow client.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: no consent screen, every requested scope granted.
    async loadExistingGrant(context) {
      const grantId = context.oidc.result?.consent?.grantId ?? context.oidc.session!.grantIdFor(context.oidc.client!.clientId);
      if (grantId) return context.oidc.provider.Grant.find(grantId);
      const grant = new context.oidc.provider.Grant({
        clientId: context.oidc.client!.clientId,
        accountId: context.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 600, Grant: 600 },
    renderError(context, out) {
      context.type = 'html';
      context.body = `<!doctype html><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p>`;
    },
  };
}

/** The login page (`/interaction/:uid`) and its form's POST, which finishes the interaction with the account's `amr`. */
function interactionHandler(providerOf: () => Provider, accounts: Map<string, ProviderAccount>) {
  return async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const provider = providerOf();
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<title>Test identity provider</title>
<h1>Sign in to the test identity provider</h1>
<form method="post" action="/interaction/${details.uid}/login">
  <label>Username <input name="login" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form>`);
      return;
    }
    const body = new URLSearchParams(await readBody(request));
    const login = body.get('login') ?? '';
    const account = accounts.get(login);
    if (!account) {
      response.writeHead(400, { 'content-type': 'text/html' }).end('<!doctype html><p>Unknown user</p>');
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: login, amr: account.amr ?? ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  };
}

/** Follows redirects like a browser (cookies per host kept), posting the login form when it comes. */
async function walkSignIn(startUrl: string, login: string, stopAt: string, issuer: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = startUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const onProvider = url.startsWith(issuer);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (onProvider && cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    if (onProvider)
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(stopAt)) return next;
      url = next;
      init = {};
      continue;
    }
    const page = await response.text();
    const form = /<form method="post" action="([^"]+)"/.exec(page);
    if (response.status === 200 && form) {
      url = new URL(form[1]!, url).toString();
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password: 'any' }).toString(),
      };
      continue;
    }
    throw new Error(`sign-in stopped at ${url} (${response.status}): ${page.slice(0, 500)}`);
  }
  throw new Error('sign-in did not finish in 20 redirects');
}

/** A PKCE verifier and its S256 challenge, as supabase-js makes them. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
