import { fill, LIMITS, MESSAGES } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, DomainError } from '../../common/errors';

const M = MESSAGES.remediation;
const MAX_MB = LIMITS.remediation.maxAttachmentBytes / 1024 / 1024;

export interface AttachmentUpload {
  checkId: string;
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/**
 * The multipart body of an attachment: a `file` part (at most LIMITS.remediation.maxAttachmentBytes:
 * the multipart reader stops beyond it, and the answer is 413) and a `checkId` field, in either order.
 */
export async function readAttachment(request: FastifyRequest): Promise<AttachmentUpload> {
  if (!request.isMultipart()) throw new BadRequestError(M.fileRequired);
  let checkId: string | undefined;
  let file: { fileName: string; mimeType: string; content: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.remediation.maxAttachmentBytes, files: 1, fields: 5, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'checkId' && typeof part.value === 'string') checkId = part.value.trim();
      } else if (part.fieldname === 'file') {
        const content = await part.toBuffer();
        file = { fileName: part.filename ?? '', mimeType: part.mimetype ?? '', content };
      } else {
        await part.toBuffer(); // drain a part we do not want
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(413, fill(M.fileTooLarge, { max: MAX_MB }));
    throw new BadRequestError(M.fileRequired);
  }
  if (!file || !checkId || checkId.length > LIMITS.remediation.checkIdMaxLength) throw new BadRequestError(M.fileRequired);
  if (file.content.length === 0) throw new BadRequestError(M.fileType);
  return { checkId, ...file };
}
