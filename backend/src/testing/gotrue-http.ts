/** Small HTTP helpers for the auth tests: raw calls, as a browser's fetch would make them. */

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
  body: any;
  headers: Headers;
}

export interface CallOptions {
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      apikey: 'anon',
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The parameters in a redirect's fragment (`#access_token=…`). */
export function fragmentOf(location: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

const part = (token: string, index: number) => JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString());
export const jwtHeader = (token: string) => part(token, 0) as Record<string, unknown>;
export const jwtClaims = (token: string) => part(token, 1) as Record<string, unknown>;
