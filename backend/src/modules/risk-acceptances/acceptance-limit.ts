import { Injectable } from '@nestjs/common';
import type { WorkspaceId } from '@vendorwatch/db';
import { ProgrammeTiersService } from '../programme/tiers/programme-tiers.service';

/** A vendor without a tier may have a risk accepted for up to a year (the longest default tier's). */
export const UNTIERED_MAX_ACCEPTANCE_DAYS = 365;

/** The longest a risk of a vendor may be accepted: its tier's `maxAcceptanceDays` in the workspace's tier settings. */
@Injectable()
export class AcceptanceLimit {
  constructor(private readonly tiers: ProgrammeTiersService) {}

  async maxDays(workspaceId: WorkspaceId, tier: number | null): Promise<number> {
    const settings = await this.tiers.tierOf(workspaceId, tier);
    return settings?.maxAcceptanceDays ?? UNTIERED_MAX_ACCEPTANCE_DAYS;
  }
}
