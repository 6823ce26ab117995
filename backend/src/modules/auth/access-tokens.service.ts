import { Inject, Injectable } from '@nestjs/common';
import type { AuthSessionRow, UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { sign } from 'jsonwebtoken';
import { SigningKeysService } from './signing-keys.service';
import { tokenIssuer } from './token-issuer';
import { APP_METADATA } from './user-view.service';

/** The claims Supabase Auth puts in an access token; the API guard reads the same ones. */
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
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

export interface SignedAccessToken {
  token: string;
  expiresIn: number;
  expiresAt: number;
}

@Injectable()
export class AccessTokensService {
  constructor(
    private readonly signingKeys: SigningKeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sign(user: UserRow, session: AuthSessionRow): SignedAccessToken {
    const iat = Math.floor(Date.now() / 1000);
    const expiresIn = this.config.AUTH_JWT_EXPIRY_SECONDS;
    const claims: AccessTokenClaims = {
      iss: tokenIssuer(this.config),
      sub: user.id,
      aud: 'authenticated',
      exp: iat + expiresIn,
      iat,
      email: user.email,
      phone: '',
      app_metadata: APP_METADATA,
      user_metadata: user.userMetadata,
      role: user.role,
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    };
    const { kid, privateKey } = this.signingKeys.signingKey();
    const token = sign(claims, privateKey, { algorithm: 'ES256', keyid: kid });
    return { token, expiresIn, expiresAt: claims.exp };
  }
}
