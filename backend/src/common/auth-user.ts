import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';

/** The signed-in caller, as the JWT guard verified it. Every query is scoped by `id`. */
export interface AuthUser {
  id: string;
  email: string;
  role: string;
  sessionId?: string;
  aal?: string;
  /** When a password-reset link opened this session (Unix seconds); such a session may set a new password. */
  recoveredAt?: number;
  /** The session was signed in through the company's identity provider (SSO): a workspace that requires SSO opens for it. */
  ssoSignIn?: boolean;
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  return context.switchToHttp().getRequest<{ user: AuthUser }>().user;
});

/** Routes under /api are guarded by default; this marks the few that are not. */
export const IS_PUBLIC = 'isPublic';
export const Public = () => SetMetadata(IS_PUBLIC, true);
