import { Injectable } from '@nestjs/common';
import {
  DEFAULT_PROGRAMME_TIERS,
  type ProgrammeTier,
  type ProgrammeTiers,
  type UpdateProgrammeTiers,
} from '@vendorwatch/contracts';
import { ProgrammeTiersRepository, type WorkspaceId } from '@vendorwatch/db';

/**
 * A workspace's four tiers: what it saved, else the defaults. Other modules read them here (the review
 * interval for review dates, the longest acceptance for accepted risks, the names for the overview).
 */
@Injectable()
export class ProgrammeTiersService {
  constructor(private readonly tiers: ProgrammeTiersRepository) {}

  /** The four tiers, in tier order. */
  async forWorkspace(workspaceId: WorkspaceId): Promise<ProgrammeTier[]> {
    const saved = await this.tiers.list(workspaceId);
    return DEFAULT_PROGRAMME_TIERS.map((fallback) => saved.find((row) => row.tier === fallback.tier) ?? { ...fallback });
  }

  /** One tier's settings; null for a vendor without a tier. */
  async tierOf(workspaceId: WorkspaceId, tier: number | null): Promise<ProgrammeTier | null> {
    if (tier === null) return null;
    return (await this.forWorkspace(workspaceId)).find((each) => each.tier === tier) ?? null;
  }

  async list(workspaceId: WorkspaceId): Promise<ProgrammeTiers> {
    return { items: await this.forWorkspace(workspaceId) };
  }

  async update(workspaceId: WorkspaceId, input: UpdateProgrammeTiers): Promise<ProgrammeTiers> {
    await this.tiers.replace(workspaceId, input.items);
    return this.list(workspaceId);
  }
}
