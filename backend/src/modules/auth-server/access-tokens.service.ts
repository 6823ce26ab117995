import { Inject, Injectable } from '@nestjs/common';
import type { AuthSessionRow, UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { sign } from 'jsonwebtoken';
import { SigningKeysService } from './signing-keys.service';
import type { AccessTokenClaims } from '../api-auth/access-token-claims';
import { tokenIssuer } from '../api-auth/token-issuer';
import { APP_METADATA } from './user-view.service';

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
