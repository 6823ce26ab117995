import { Controller, Get, Param, Res } from '@nestjs/common';
import type { VendorDocumentList } from '@vendorwatch/contracts';
import type { FastifyReply } from 'fastify';
import { ParseIdPipe } from '../../../common/parse-uuid.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { sendStoredFile } from '../../vendor-links/stored-file-reply';
import { VendorDocumentsService } from './vendor-documents.service';

/** A vendor's documents (uploaded through its questionnaires' links): members read them, as attachments. */
@Controller('api/vendors/:id/documents')
@Requires('workspace.read')
export class VendorDocumentsController {
  constructor(private readonly documents: VendorDocumentsService) {}

  @Get()
  list(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) vendorId: string): Promise<VendorDocumentList> {
    return this.documents.list(workspace.workspaceId, vendorId);
  }

  @Get(':documentId')
  async file(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) vendorId: string,
    @Param('documentId', ParseIdPipe) documentId: string,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.documents.file(workspace.workspaceId, vendorId, documentId);
    return sendStoredFile(reply, file);
  }
}
