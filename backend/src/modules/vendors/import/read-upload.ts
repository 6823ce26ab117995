import type { MultipartFile } from '@fastify/multipart';
import { fill, LIMITS, MESSAGES } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../../common/errors';
import type { ImportUpload } from './vendor-import.service';

const M = MESSAGES.vendorList;

/**
 * The `file` part of a multipart request, read whole (at most LIMITS.vendorList.importMaxBytes: the
 * multipart plugin stops reading beyond it). Anything else — no multipart body, no file, a bigger
 * file — is the client's to fix: 400 with what to send.
 */
export async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw new BadRequestError(M.importFileRequired);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: LIMITS.vendorList.importMaxBytes, files: 1 } });
  } catch {
    throw new BadRequestError(M.importFileRequired);
  }
  if (!file || file.fieldname !== 'file') throw new BadRequestError(M.importFileRequired);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BadRequestError(fill(M.importTooLarge, { max: LIMITS.vendorList.importMaxBytes / 1024 / 1024 }));
    }
    throw new BadRequestError(M.importFileRequired);
  }
  if (bytes.length === 0) throw new BadRequestError(M.importEmpty);
  return { fileName: file.filename ?? '', mimeType: file.mimetype ?? '', bytes };
}
