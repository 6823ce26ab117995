import { LIMITS } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { readSpreadsheetUpload } from '../../../common/spreadsheet-upload/read-upload';
import type { ImportUpload } from './vendor-import.service';

/** The vendor import's file (at most LIMITS.vendorList.importMaxBytes). */
export async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  const { fileName, mimeType, bytes } = await readSpreadsheetUpload(request, LIMITS.vendorList.importMaxBytes);
  return { fileName, mimeType, bytes };
}
