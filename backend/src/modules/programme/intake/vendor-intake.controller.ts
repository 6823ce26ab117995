import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { vendorIntakeAnswersSchema, type IntakeSuggestion, type VendorIntakeAnswers } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../../common/parse-uuid.pipe';
import { validate } from '../../../common/zod-validation.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { Audited } from '../../audit-log/audited.decorator';
import { VendorIntakeService } from './vendor-intake.service';

/** `POST /api/vendors/:id/intake`: editors answer the three questions; the answer is the suggested tier and why. */
@Controller('api/vendors')
@Requires('workspace.read')
export class VendorIntakeController {
  constructor(private readonly intake: VendorIntakeService) {}

  @Post(':id/intake')
  @HttpCode(200)
  @Requires('programme.write')
  @Audited('vendor.intake', 'vendor', { fields: ['dataAccess', 'criticality', 'systemAccess'] })
  run(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(vendorIntakeAnswersSchema)) body: VendorIntakeAnswers,
  ): Promise<IntakeSuggestion> {
    return this.intake.run(workspace.workspaceId, id, body);
  }
}
