import { Injectable } from '@nestjs/common';
import { MESSAGES, suggestTier, type IntakeSuggestion, type VendorIntakeAnswers } from '@vendorwatch/contracts';
import { VendorsRepository, type WorkspaceId } from '@vendorwatch/db';
import { NotFoundError } from '../../../common/errors';
import { noteForAudit } from '../../audit-log/audit-notes';

/** The three-question intake: the published rule's suggestion, stored on the vendor with the answers. */
@Injectable()
export class VendorIntakeService {
  constructor(private readonly vendors: VendorsRepository) {}

  async run(
    workspaceId: WorkspaceId,
    vendorId: string,
    answers: VendorIntakeAnswers,
    now = new Date(),
  ): Promise<IntakeSuggestion> {
    const suggestion = suggestTier(answers);
    const row = await this.vendors.update(workspaceId, vendorId, {
      intake: { ...answers, ...suggestion, answeredAt: now.toISOString() },
    });
    if (!row) throw new NotFoundError(MESSAGES.vendors.notFound);
    noteForAudit({ suggestedTier: suggestion.suggestedTier });
    return suggestion;
  }
}
