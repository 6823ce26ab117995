import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  Redirect,
  Req,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Public, type AuthUser } from '../../common/auth-user';
import { AccountsService } from './accounts.service';
import { passwordChangeBucket, RateLimit, tokenGrantBucket } from './auth-rate-limit';
import {
  recoverBody,
  redirectQuery,
  resendBody,
  signUpBody,
  tokenBody,
  updateUserBody,
  verifyBody,
  verifyLinkQuery,
  type RecoverBody,
  type RedirectQuery,
  type ResendBody,
  type SignUpBody,
  type TokenBody,
  type UpdateUserBody,
  type VerifyBody,
  type VerifyLinkQuery,
} from './dto/auth.dto';
import { gotrueInput } from './dto/gotrue-input.pipe';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { GoTrueAuthGuard } from './gotrue-auth.guard';
import { GoTrueExceptionFilter } from './gotrue-exception.filter';
import { NoStoreInterceptor } from './no-store.interceptor';
import { SessionsService, type ClientInfo } from './sessions.service';

/** The part of Supabase Auth's REST API that auth-js (supabase-js 2) calls for email + password. */
@Public()
@Controller('auth/v1')
@UseGuards(EmbeddedAuthGuard, ThrottlerGuard)
@UseFilters(GoTrueExceptionFilter)
@UseInterceptors(NoStoreInterceptor)
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('signup')
  @HttpCode(200)
  @RateLimit('signIn')
  signUp(
    @Body(gotrueInput(signUpBody)) body: SignUpBody,
    @Query(gotrueInput(redirectQuery)) query: RedirectQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.accounts.signUp(body, query.redirect_to, clientOf(request));
  }

  @Post('token')
  @HttpCode(200)
  @RateLimit(tokenGrantBucket)
  token(
    @Query('grant_type') grantType: string | undefined,
    @Body(gotrueInput(tokenBody)) body: TokenBody,
    @Req() request: FastifyRequest,
  ) {
    return this.sessions.grant(grantType, body, clientOf(request));
  }

  @Get('verify')
  @Redirect()
  @RateLimit('verify')
  verifyLink(@Query(gotrueInput(verifyLinkQuery)) query: VerifyLinkQuery) {
    return { url: this.accounts.verifyLink(query), statusCode: 303 };
  }

  @Post('verify')
  @HttpCode(200)
  @RateLimit('verify')
  verify(@Body(gotrueInput(verifyBody)) body: VerifyBody, @Req() request: FastifyRequest) {
    return this.accounts.verify(body, clientOf(request));
  }

  @Post('recover')
  @HttpCode(200)
  @RateLimit('signIn')
  recover(@Body(gotrueInput(recoverBody)) body: RecoverBody, @Query(gotrueInput(redirectQuery)) query: RedirectQuery) {
    return this.accounts.recover(body, query.redirect_to);
  }

  @Post('resend')
  @HttpCode(200)
  @RateLimit('signIn')
  resend(@Body(gotrueInput(resendBody)) body: ResendBody, @Query(gotrueInput(redirectQuery)) query: RedirectQuery) {
    return this.accounts.resend(body, query.redirect_to);
  }

  @Get('user')
  @UseGuards(GoTrueAuthGuard)
  user(@CurrentUser() user: AuthUser) {
    return this.accounts.getUser(user);
  }

  @Put('user')
  @UseGuards(GoTrueAuthGuard)
  @RateLimit(passwordChangeBucket)
  updateUser(@CurrentUser() user: AuthUser, @Body(gotrueInput(updateUserBody)) body: UpdateUserBody) {
    return this.accounts.updateUser(user, body);
  }

  /** auth-js sends GET; POST is answered alike. */
  @Get('reauthenticate')
  @UseGuards(GoTrueAuthGuard)
  @RateLimit('signIn')
  reauthenticate(@CurrentUser() user: AuthUser) {
    return this.accounts.reauthenticate(user);
  }

  @Post('reauthenticate')
  @HttpCode(200)
  @UseGuards(GoTrueAuthGuard)
  @RateLimit('signIn')
  reauthenticateByPost(@CurrentUser() user: AuthUser) {
    return this.accounts.reauthenticate(user);
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(GoTrueAuthGuard)
  logout(@CurrentUser() user: AuthUser, @Query('scope') scope: string | undefined) {
    return this.sessions.logout(user, scope);
  }
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) };
}
