/** An unsigned token with the claims supabase-js reads; nothing in the browser verifies it. */
export const fakeJwt = (claims: Record<string, unknown>) => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(claims)}.signature`;
};

/** The signed-in user of the auth tests, as the auth server answers it. */
export const fakeUser = {
  id: 'user-1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ann@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2025-01-01T00:00:00Z',
};

export const fakeSessionExpiresAt = Math.floor(Date.now() / 1000) + 3600;

/** An access token of `fakeUser`'s session; `claims` add to or replace its own (e.g. `aal`). */
export const fakeAccessToken = (claims: Record<string, unknown> = {}) =>
  fakeJwt({
    sub: fakeUser.id,
    email: fakeUser.email,
    aud: 'authenticated',
    role: 'authenticated',
    exp: fakeSessionExpiresAt,
    session_id: 's1',
    ...claims,
  });

/** `fakeUser`'s session as the token endpoint answers it and supabase-js stores it. */
export const fakeSession = {
  access_token: fakeAccessToken(),
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: fakeSessionExpiresAt,
  user: fakeUser,
};
