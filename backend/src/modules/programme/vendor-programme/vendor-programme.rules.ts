import { Injectable } from '@nestjs/common';
import { fill, MESSAGES, type UpdateVendor } from '@vendorwatch/contracts';
import { WorkspaceMembersRepository, type VendorRow, type WorkspaceId } from '@vendorwatch/db';
import { BadRequestError } from '../../../common/errors';
import { noteForAudit } from '../../audit-log/audit-notes';

const M = MESSAGES.programme;

/**
 * What a vendor's PUT must respect in its programme fields: the owner is a member of the workspace,
 * and a tier other than the last intake's suggestion comes with a reason (kept, and in the audit entry).
 */
@Injectable()
export class VendorProgrammeRules {
  constructor(private readonly members: WorkspaceMembersRepository) {}

  /** The changes as they will be stored; a 400 when they break a rule. */
  async checkedChanges(workspaceId: WorkspaceId, before: VendorRow, changes: UpdateVendor): Promise<UpdateVendor> {
    if (changes.ownerUserId && !(await this.members.find(workspaceId, changes.ownerUserId))) {
      throw new BadRequestError(M.ownerNotMember);
    }
    if (changes.tier === undefined) return changes;
    noteForAudit({ tierBefore: before.tier, suggestedTier: before.intake?.suggestedTier ?? null });
    const suggested = before.intake?.suggestedTier ?? null;
    if (changes.tier === null || suggested === null) return changes;
    if (changes.tier === suggested) return { ...changes, tierReason: changes.tierReason ?? '' };
    // Setting the tier it has again keeps the reason already given.
    const keptReason = before.tier === changes.tier ? before.tierReason : '';
    if (!(changes.tierReason ?? keptReason)) {
      throw new BadRequestError(fill(M.tierReasonRequired, { suggested, tier: changes.tier }));
    }
    return changes;
  }
}
