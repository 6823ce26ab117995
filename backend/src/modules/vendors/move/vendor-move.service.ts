import { Inject, Injectable, Logger } from '@nestjs/common';
import { fill, MESSAGES, roleAtLeast, type MoveVendors, type MoveVendorsResult } from '@vendorwatch/contracts';
import { asWorkspaceId, SchedulesRepository, VendorsRepository, WorkspacesRepository } from '@vendorwatch/db';
import { APP_CONFIG, VendorSchedulers, type AppConfig } from '@vendorwatch/runtime';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../common/errors';
import type { WorkspaceContext } from '../../access/workspace-context';
import { noteForAudit } from '../../audit-log/audit-notes';
import { AuditTrail } from '../../audit-log/audit-trail';

const M = MESSAGES.vendorList;

/**
 * Moves vendors from the request's workspace (where the guard checked admin or above) to another where
 * the caller is admin or owner too, with everything kept of them. The route's audit entry records the
 * move in the workspace they left; this records it in the one they joined.
 */
@Injectable()
export class VendorMoveService {
  private readonly logger = new Logger(VendorMoveService.name);

  constructor(
    private readonly vendors: VendorsRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly schedules: SchedulesRepository,
    private readonly schedulers: VendorSchedulers,
    private readonly trail: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async move(from: WorkspaceContext, input: MoveVendors, clientAddress: string | null): Promise<MoveVendorsResult> {
    // A key belongs to one workspace: it has no role in another to check.
    if (from.actor.type !== 'user') throw new ForbiddenError(M.moveByKey);
    if (input.toWorkspaceId === from.workspaceId) throw new BadRequestError(M.moveSameWorkspace);
    const membership = await this.workspaces.findForUser(from.userId, input.toWorkspaceId);
    if (!membership) throw new ForbiddenError(MESSAGES.access.notMember);
    if (!roleAtLeast(membership.role, 'admin')) throw new ForbiddenError(M.moveNotAdmin);
    const to = asWorkspaceId(input.toWorkspaceId);

    const cap = this.config.VENDORS_PER_USER;
    const result = await this.vendors.moveToWorkspace(from.workspaceId, to, input.vendorIds, cap);
    if ('problem' in result) {
      if (result.problem === 'not_found') throw new NotFoundError(MESSAGES.vendors.notFound);
      if (result.problem === 'crawling') throw new ConflictError(fill(M.moveCrawling, { name: result.name }));
      throw new ConflictError(fill(M.moveOverCap, { kept: result.kept, limit: cap, count: input.vendorIds.length }));
    }

    const summary = {
      vendorIds: result.moved.map(({ id }) => id),
      names: result.moved.map(({ name }) => name),
      fromWorkspaceId: from.workspaceId,
      toWorkspaceId: to,
    };
    noteForAudit(summary);
    await this.trail.append({
      workspaceId: to,
      actor: from.actor,
      action: 'vendor.move',
      targetType: 'vendor',
      targetId: result.moved.length === 1 ? result.moved[0]!.id : null,
      summary,
      clientAddress,
    });
    await this.followSchedules(to, summary.vendorIds);
    return { moved: result.moved.length };
  }

  /** The moved schedules now follow the destination's pause switch. Redis out of reach: the reconciler catches up. */
  private async followSchedules(to: ReturnType<typeof asWorkspaceId>, vendorIds: string[]): Promise<void> {
    try {
      const paused = await this.schedules.isPaused(to);
      const moved = new Set(vendorIds);
      for (const row of await this.schedules.listActive(to)) {
        if (moved.has(row.vendorId)) await this.schedulers.apply(row, paused);
      }
    } catch (error) {
      this.logger.warn(`Could not re-apply the schedules of moved vendors: ${String(error)}`);
    }
  }
}
