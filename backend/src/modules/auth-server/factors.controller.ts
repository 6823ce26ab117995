import { Body, Controller, Delete, HttpCode, Param, Post, Req, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Public, type AuthUser } from '../../common/auth-user';
import { RateLimit } from './auth-rate-limit';
import { clientOf } from './auth.controller';
import {
  challengeFactorBody,
  enrollFactorBody,
  verifyFactorBody,
  type EnrollFactorBody,
  type VerifyFactorBody,
} from './dto/auth.dto';
import { gotrueInput } from './dto/gotrue-input.pipe';
import { EmbeddedAuthGuard } from './embedded-auth.guard';
import { FactorsService } from './factors.service';
import { GoTrueAuthGuard } from './gotrue-auth.guard';
import { GoTrueExceptionFilter } from './gotrue-exception.filter';
import { NoStoreInterceptor } from './no-store.interceptor';

/** Supabase Auth's MFA API, as auth-js's `auth.mfa` calls it (TOTP factors). */
@Public()
@Controller('auth/v1/factors')
@UseGuards(EmbeddedAuthGuard, ThrottlerGuard, GoTrueAuthGuard)
@UseFilters(GoTrueExceptionFilter)
@UseInterceptors(NoStoreInterceptor)
export class FactorsController {
  constructor(private readonly factors: FactorsService) {}

  @Post()
  @HttpCode(200)
  @RateLimit('mfa')
  enroll(@CurrentUser() user: AuthUser, @Body(gotrueInput(enrollFactorBody)) body: EnrollFactorBody) {
    return this.factors.enroll(user, body);
  }

  @Post(':factorId/challenge')
  @HttpCode(200)
  @RateLimit('mfa')
  challenge(
    @CurrentUser() user: AuthUser,
    @Param('factorId') factorId: string,
    @Body(gotrueInput(challengeFactorBody)) _body: unknown,
    @Req() request: FastifyRequest,
  ) {
    return this.factors.challenge(user, factorId, clientOf(request).ip);
  }

  @Post(':factorId/verify')
  @HttpCode(200)
  @RateLimit('mfa')
  verify(
    @CurrentUser() user: AuthUser,
    @Param('factorId') factorId: string,
    @Body(gotrueInput(verifyFactorBody)) body: VerifyFactorBody,
    @Req() request: FastifyRequest,
  ) {
    return this.factors.verify(user, factorId, body, clientOf(request).ip);
  }

  @Post(':factorId/recovery-codes')
  @HttpCode(200)
  @RateLimit('mfa')
  issueRecoveryCodes(@CurrentUser() user: AuthUser, @Param('factorId') factorId: string) {
    return this.factors.issueRecoveryCodes(user, factorId);
  }

  @Delete(':factorId')
  @HttpCode(200)
  @RateLimit('mfa')
  unenroll(@CurrentUser() user: AuthUser, @Param('factorId') factorId: string) {
    return this.factors.unenroll(user, factorId);
  }
}
