import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { recordReviewSchema, type RecordReview, type VendorReview, type VendorReviewList } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../../common/parse-uuid.pipe';
import { validate } from '../../../common/zod-validation.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { Audited } from '../../audit-log/audited.decorator';
import { VendorReviewsService } from './vendor-reviews.service';

/** A vendor's reviews: every member reads them, editors record them. */
@Controller('api/vendors')
@Requires('workspace.read')
export class VendorReviewsController {
  constructor(private readonly reviews: VendorReviewsService) {}

  @Get(':id/reviews')
  list(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<VendorReviewList> {
    return this.reviews.list(workspace.workspaceId, id);
  }

  @Post(':id/reviews')
  @Requires('programme.write')
  @Audited('vendor_review.create', 'vendor', { targetId: { param: 'id' }, fields: ['decision', 'reviewedAt', 'notes'] })
  record(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(recordReviewSchema)) body: RecordReview,
  ): Promise<VendorReview> {
    return this.reviews.record(workspace.workspaceId, workspace.userId, id, body);
  }
}
