import { Injectable } from '@nestjs/common';
import { documentStatus, MESSAGES, type VendorDocumentList } from '@vendorwatch/contracts';
import { QuestionnairesRepository, VendorsRepository, type VendorDocumentRow, type WorkspaceId } from '@vendorwatch/db';
import { NotFoundError } from '../../../common/errors';

/** The documents a vendor uploaded through its links, each with its status on the day it is read. */
@Injectable()
export class VendorDocumentsService {
  constructor(
    private readonly repository: QuestionnairesRepository,
    private readonly vendors: VendorsRepository,
  ) {}

  async list(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<VendorDocumentList> {
    await this.vendorOf(workspaceId, vendorId);
    const rows = await this.repository.documents(workspaceId, vendorId);
    return { items: rows.map((row) => documentOf(row, now)) };
  }

  async file(workspaceId: WorkspaceId, vendorId: string, documentId: string) {
    await this.vendorOf(workspaceId, vendorId);
    const file = await this.repository.documentFile(workspaceId, vendorId, documentId);
    if (!file) throw new NotFoundError(MESSAGES.questionnaires.documentNotFound);
    return file;
  }

  private async vendorOf(workspaceId: WorkspaceId, vendorId: string) {
    const vendor = await this.vendors.findInWorkspace(workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    return vendor;
  }
}

export const documentOf = (row: VendorDocumentRow, now: Date) => ({
  id: row.id,
  type: row.type,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  validUntil: row.validUntil,
  status: documentStatus(row.validUntil, now),
  uploadedAt: row.uploadedAt.toISOString(),
});
