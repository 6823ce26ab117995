import { Controller, Get, Query, Redirect, Req, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth-user';
import { RateLimit } from './auth-rate-limit';
import { authorizeQuery, callbackQuery, type AuthorizeQuery, type CallbackQuery } from './dto/auth.dto';
import { gotrueInput } from './dto/gotrue-input.pipe';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { GoTrueExceptionFilter } from './gotrue-exception.filter';
import { NoStoreInterceptor } from './no-store.interceptor';
import { OidcSignInService } from './oidc/oidc-sign-in.service';

/**
 * Sign-in through the company's OpenID Connect provider (issue 42), as supabase-js drives an
 * external provider: `signInWithOAuth({ provider: 'oidc' })` opens /authorize, the provider sends
 * the person to /callback, and the app redeems the code it comes back with at /token?grant_type=pkce.
 */
@Public()
@Controller('auth/v1')
@UseGuards(EmbeddedAuthGuard, ThrottlerGuard)
@UseFilters(GoTrueExceptionFilter)
@UseInterceptors(NoStoreInterceptor)
export class OAuthController {
  constructor(private readonly signIn: OidcSignInService) {}

  @Get('authorize')
  @Redirect()
  @RateLimit('signIn')
  async authorize(@Query(gotrueInput(authorizeQuery)) query: AuthorizeQuery) {
    return { url: await this.signIn.authorize(query), statusCode: 302 };
  }

  @Get('callback')
  @Redirect()
  @RateLimit('signIn')
  async callback(@Query(gotrueInput(callbackQuery)) query: CallbackQuery, @Req() request: FastifyRequest) {
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return { url: await this.signIn.callback(query, rawQuery, request.ip ?? null), statusCode: 303 };
  }
}
