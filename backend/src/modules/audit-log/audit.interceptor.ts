import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { asWorkspaceId, inAmbientTransaction, type DatabaseHandle } from '@vendorwatch/db';
import { DATABASE_HANDLE } from '@vendorwatch/runtime';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import type { AccessRequest } from '../access/workspace-context';
import { AUDITED, isAuditDeclaration, type AuditDeclaration } from './audited.decorator';
import { AuditTrail } from './audit-trail';
import { withAuditScope, type AuditScope } from './audit-notes';

/**
 * The one writer of the audit log for HTTP routes: a route declared `@Audited(...)` runs in one
 * database transaction with its entry (the guard's caller and workspace, the client address, the
 * target, a summary from the validated input): the change and its entry commit together, or neither
 * does. A failed or refused request changed nothing and adds nothing.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AuditTrail,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const declaration: unknown = this.reflector.get(AUDITED, context.getHandler());
    if (context.getType() !== 'http' || !isAuditDeclaration(declaration)) return next.handle();
    const request = context.switchToHttp().getRequest<AccessRequest>();
    const scope: AuditScope = { notes: {} };
    const handleAndRecord = () =>
      withAuditScope(scope, async () => {
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        await this.record(declaration, request, result, scope);
        return result;
      });
    return defer(() =>
      declaration.outsideTransaction ? handleAndRecord() : inAmbientTransaction(this.database.db, handleAndRecord),
    );
  }

  private async record(declaration: AuditDeclaration, request: AccessRequest, result: unknown, scope: AuditScope) {
    const caller = request.caller;
    const answer = (result ?? {}) as Record<string, unknown>;
    const workspaceId =
      declaration.workspaceFrom === 'result' ? String(answer.workspaceId ?? answer.id ?? '') : request.workspace?.workspaceId;
    if (!caller || !workspaceId) throw new Error(`@Audited('${declaration.action}') on a route without a caller and a workspace`);
    await this.trail.append({
      workspaceId: asWorkspaceId(workspaceId),
      actor: caller,
      action: declaration.action,
      targetType: declaration.targetType,
      targetId: targetIdOf(declaration, request, answer),
      summary: { ...pick(scope.validatedBody, declaration.fields ?? []), ...scope.notes },
      clientAddress: request.ip ?? null,
    });
  }
}

function targetIdOf(declaration: AuditDeclaration, request: AccessRequest, answer: Record<string, unknown>): string | null {
  const params = (request.params ?? {}) as Record<string, string>;
  const fromResult = typeof answer.id === 'string' ? answer.id : null;
  if (declaration.targetId === 'result') return fromResult;
  if (declaration.targetId === 'caller') return request.caller?.id ?? null;
  if (declaration.targetId) return params[declaration.targetId.param] ?? null;
  const names = Object.keys(params);
  return names.length ? (params[names[names.length - 1]!] ?? null) : fromResult;
}

const pick = (body: unknown, fields: readonly string[]): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null) return {};
  const source = body as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]));
};
