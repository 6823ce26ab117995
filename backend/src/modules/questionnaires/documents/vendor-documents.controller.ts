import { Controller, Get, Param, Res } from '@nestjs/common';
import type { VendorDocumentList } from '@vendorwatch/contracts';
import type { FastifyReply } from 'fastify';
import { ParseIdPipe } from '../../../common/parse-uuid.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
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
    return reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-document-sha256', file.sha256)
      .send(file.content);
  }
}

/** `attachment` with the name: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
