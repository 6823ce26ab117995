/** How the user proved who they are, as Supabase Auth records it in the `amr` claim. */
export interface AuthenticationMethod {
  method: string;
  timestamp: number;
}

/** The claims Supabase Auth puts in an access token; the embedded auth signs them and the API guard reads them. */
export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: AuthenticationMethod[];
  session_id: string;
  is_anonymous: boolean;
}
