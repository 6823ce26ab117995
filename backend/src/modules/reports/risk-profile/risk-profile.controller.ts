import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ParseIdPipe } from '../../../common/parse-uuid.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { RiskProfileService } from './risk-profile.service';

/** A vendor's risk profile as a PDF: every member may download what they can read anyway. */
@Controller('api/vendors')
@Requires('workspace.read')
export class RiskProfileController {
  constructor(private readonly profiles: RiskProfileService) {}

  @Get(':id/profile.pdf')
  async pdf(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string, @Res() reply: FastifyReply) {
    const file = await this.profiles.pdf(workspace.workspaceId, id);
    return reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  }
}
